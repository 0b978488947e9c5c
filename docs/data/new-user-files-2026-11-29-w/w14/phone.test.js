const { parsePhone, toE164, formatNational } = require('./phone');

describe('parsePhone', () => {
  test('plain ten digits', () => {
    expect(parsePhone('4155550123')).toEqual({
      area: '415', exchange: '555', line: '0123', extension: null,
    });
  });

  test('extension is split off', () => {
    expect(parsePhone('415-555-0123 ext. 42').extension).toBe('42');
    expect(parsePhone('415.555.0123x7').extension).toBe('7');
  });

  test.each(['', 'call me', '555-0123', '415-555-01234', '015-555-0123', '415-155-0123', 12345])(
    'rejects %p',
    (bad) => {
      expect(parsePhone(bad)).toBeNull();
    },
  );
});

describe('toE164', () => {
  test.each([
    ['(415) 555-0123', '+14155550123'],
    ['415.555.0123', '+14155550123'],
    ['+1 415 555 0123', '+14155550123'],
    ['1-800-555-0199', '+18005550199'],
  ])('%s -> %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });
});

describe('formatNational', () => {
  test('formats with parentheses', () => {
    expect(formatNational('212 555 0147')).toBe('(212) 555-0147');
  });

  test('keeps the extension', () => {
    expect(formatNational('212-555-0147 extension 300')).toBe('(212) 555-0147 ext. 300');
  });

  test('country code is dropped', () => {
    expect(formatNational('+1 (646) 555-0100')).toBe('(646) 555-0100');
  });

  test('invalid input gives null', () => {
    expect(formatNational('not a number')).toBeNull();
  });
});
