const { render, escapeHtml } = require('./template');

const data = {
  user: { name: 'Grace', email: 'grace@example.com' },
  items: ['a', 'b', 'c'],
  body: '<p>Welcome!</p>',
  company: 'Smith & Sons',
};

describe('render', () => {
  test('substitutes simple and nested values', () => {
    expect(render('Hi {{ user.name }} <{{user.email}}>', data)).toBe('Hi Grace <grace@example.com>');
  });

  test('applies filters left to right', () => {
    expect(render('{{ user.name | trim | upper }}', data)).toBe('GRACE');
    expect(render('You have {{ items | count }} items', data)).toBe('You have 3 items');
  });

  test('custom filters', () => {
    const out = render('{{ user.name | shout }}', data, { shout: (v) => `${v}!` });
    expect(out).toBe('Grace!');
  });

  test('unknown filter throws', () => {
    expect(() => render('{{ user.name | nope }}', data)).toThrow('unknown filter "nope"');
  });

  test('escapes HTML in double-brace tags', () => {
    expect(render('{{ body }}', data)).toBe('&lt;p&gt;Welcome!&lt;/p&gt;');
  });

  test('triple braces insert raw HTML', () => {
    expect(render('<div>{{{ body }}}</div>', data)).toBe('<div><p>Welcome!</p></div>');
  });

  test('ampersands are escaped exactly once', () => {
    expect(render('{{ company }}', data)).toBe('Smith &amp; Sons');
    expect(escapeHtml('"a" < b')).toBe('&quot;a&quot; &lt; b');
  });

  test('missing top-level value renders as empty', () => {
    expect(render('[{{ nickname }}]', data)).toBe('[]');
  });

  test('missing nested value renders as empty', () => {
    expect(render('[{{ user.address.city }}] [{{{ manager.name }}}]', data)).toBe('[] []');
  });
});
