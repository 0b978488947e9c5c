import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { importContacts, isValidEmail, parseContact } from './contacts';

describe('isValidEmail', () => {
  test('accepts ordinary addresses', () => {
    assert.equal(isValidEmail('ana@example.com'), true);
    assert.equal(isValidEmail('ben.ortiz+news@mail.example.org'), true);
    assert.equal(isValidEmail('  CAI@Example.COM '), true);
  });

  test('rejects broken addresses', () => {
    for (const bad of ['', 'ana', 'ana@', '@example.com', 'ana@example', 'a b@example.com']) {
      assert.equal(isValidEmail(bad), false, bad);
    }
  });
});

describe('parseContact', () => {
  test('plain address uses the local part as name', () => {
    assert.deepEqual(parseContact('dee@example.com'), { name: 'dee', email: 'dee@example.com' });
  });

  test('named address', () => {
    assert.deepEqual(parseContact('"Eli Park" <Eli.Park@Example.com>'), {
      name: 'Eli Park',
      email: 'eli.park@example.com',
    });
  });

  test('returns null for junk', () => {
    assert.equal(parseContact('Fay <not-an-email>'), null);
  });
});

test('importContacts sorts lines into contacts, invalid and duplicates', () => {
  const result = importContacts([
    '# exported from webmail',
    'Ana Lima <ana@example.com>',
    'ben@example.com',
    '',
    'cai@example',
    'ANA@example.com',
    'Dee <dee@example.net>',
  ]);
  assert.deepEqual(
    result.contacts.map((c) => c.email),
    ['ana@example.com', 'ben@example.com', 'dee@example.net'],
  );
  assert.deepEqual(result.invalid, ['cai@example']);
  assert.deepEqual(result.duplicates, ['ana@example.com']);
});
