import { validateSignup } from './validator.mjs';

const good = {
  username: 'maria_k',
  email: 'maria@example.com',
  password: 'hunter22x',
  confirm: 'hunter22x',
};

describe('validateSignup', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignup(good)).toEqual({ valid: true, errors: {} });
  });

  it('trims the username before checking length', () => {
    expect(validateSignup({ ...good, username: '  bob  ' }).valid).toBe(true);
  });

  it('rejects a short username', () => {
    const result = validateSignup({ ...good, username: 'al' });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({ username: 'Username must be 3-20 characters' });
  });

  it('rejects reserved usernames regardless of case', () => {
    const result = validateSignup({ ...good, username: 'Admin' });
    expect(result.errors.username).toMatch(/reserved/);
  });

  it('rejects a bad email', () => {
    expect(validateSignup({ ...good, email: 'maria@example' }).errors).toHaveProperty('email');
  });

  it('requires a digit in the password', () => {
    const result = validateSignup({ ...good, password: 'password', confirm: 'password' });
    expect(result.valid).toBe(false);
    expect(Object.keys(result.errors)).toEqual(['password']);
  });

  it('reports mismatched confirmation', () => {
    const result = validateSignup({ ...good, confirm: 'hunter23x' });
    expect(result).toEqual({ valid: false, errors: { confirm: 'Passwords do not match' } });
  });

  it('reports every problem on an empty form', () => {
    const result = validateSignup();
    expect(result.valid).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'password', 'username']);
  });
});
