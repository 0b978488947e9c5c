const { normalizeUser, parseTags } = require('./normalize');

describe('normalizeUser', () => {
  const base = {
    email: '  Jane.Doe@Example.COM ',
    first_name: 'Jane',
    last_name: 'Doe',
  };

  test('basic fields', () => {
    expect(normalizeUser(base)).toMatchObject({
      email: 'jane.doe@example.com',
      name: { full: 'Jane Doe' },
      role: 'member',
      marketingOptIn: false,
    });
  });

  test('role aliases', () => {
    expect(normalizeUser({ ...base, role: 'Administrator' })).toHaveProperty('role', 'admin');
    expect(normalizeUser({ ...base, role: 'hacker' })).toHaveProperty('role', 'member');
  });

  test('company block', () => {
    const user = normalizeUser({ ...base, company: ' Acme Ltd ', vat_id: 'GB123' });
    expect(user).toHaveProperty('company.name', 'Acme Ltd');
    expect(user.company).toEqual(expect.objectContaining({ vat: 'GB123' }));
  });

  test('no company key unless given', () => {
    expect(normalizeUser(base)).not.toHaveProperty('company');
  });

  test('referral code is upper-cased', () => {
    const user = normalizeUser({ ...base, referral_code: 'spring-24', newsletter: 'yes' });
    expect(user).toEqual(
      expect.objectContaining({ referral: 'SPRING-24', marketingOptIn: true }),
    );
  });
});

describe('parseTags', () => {
  test.each([
    ['a, b,,c ', ['a', 'b', 'c']],
    [[' x ', ''], ['x']],
    [undefined, []],
  ])('parseTags(%p)', (input, expected) => {
    expect(parseTags(input)).toEqual(expected);
  });
});
