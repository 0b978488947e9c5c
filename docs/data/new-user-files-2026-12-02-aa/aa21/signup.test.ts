import { validateSignup, isValid, SignupForm } from './signup';

const valid: SignupForm = {
  username: 'jane_doe',
  email: 'jane@example.com',
  password: 'correct7horse',
  confirmPassword: 'correct7horse',
  birthYear: 1990,
};

const today = new Date('2024-06-01T12:00:00Z');

describe('validateSignup', () => {
  it('accepts a valid form', () => {
    expect(validateSignup(valid, today)).toEqual({});
    expect(isValid(valid)).toBe(true);
  });

  it('checks the username format and reserved names', () => {
    expect(validateSignup({ ...valid, username: 'jd' }, today).username).toMatch(/3-20/);
    expect(validateSignup({ ...valid, username: 'Admin' }, today).username).toMatch(/reserved/);
  });

  it.each(['jane@example', 'jane.example.com', '@example.com', 'jane@@example.com'])(
    'rejects malformed email %s',
    (email) => {
      expect(validateSignup({ ...valid, email }, today).email).toBeDefined();
    },
  );

  it.each(['jane doe@example.com', 'jane@example.com, bob@example.com', 'Jane <jane@example.com>'])(
    'rejects email with extra text: %s',
    (email) => {
      expect(validateSignup({ ...valid, email }, today).email).toBeDefined();
    },
  );

  it.each([
    ['too short', 'ab1'],
    ['no digit', 'correcthorsebattery'],
    ['no letter', '1234567890'],
    ['short even with letters and digits', 'abc12'],
  ])('rejects weak password (%s)', (_label, password) => {
    const errors = validateSignup({ ...valid, password, confirmPassword: password }, today);
    expect(errors.password).toMatch(/at least 8 characters/);
  });

  it('rejects a password containing the username', () => {
    const password = 'jane_doe2024';
    expect(validateSignup({ ...valid, password, confirmPassword: password }, today).password).toMatch(
      /username/,
    );
  });

  it('requires matching confirmation', () => {
    expect(validateSignup({ ...valid, confirmPassword: 'other' }, today)).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('checks the age from the birth year', () => {
    expect(validateSignup({ ...valid, birthYear: 2015 }, today).birthYear).toMatch(/13/);
    expect(validateSignup({ ...valid, birthYear: 1890 }, today).birthYear).toBeDefined();
    expect(validateSignup({ ...valid, birthYear: undefined }, today).birthYear).toBeUndefined();
  });
});
