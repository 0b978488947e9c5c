const BrowserHistory = require('./history');

function browse(...urls) {
  const h = new BrowserHistory('home');
  urls.forEach((u) => h.visit(u));
  return h;
}

describe('BrowserHistory', () => {
  test('starts on the homepage with nowhere to go', () => {
    const h = new BrowserHistory('home');
    expect(h.current).toBe('home');
    expect(h.canGoBack()).toBe(false);
    expect(h.canGoForward()).toBe(false);
  });

  test.each([
    [1, 'b'],
    [2, 'a'],
    [3, 'home'],
    [10, 'home'],
  ])('back(%i) from c lands on %s', (steps, expected) => {
    const h = browse('a', 'b', 'c');
    expect(h.back(steps)).toBe(expected);
  });

  test('back then forward returns to where we were', () => {
    const h = browse('a', 'b', 'c');
    h.back(2);
    expect(h.forward()).toBe('b');
    expect(h.forward()).toBe('c');
    expect(h.canGoForward()).toBe(false);
  });

  test('going back after going forward retraces the same pages', () => {
    const h = browse('a', 'b', 'c');
    h.back(2);
    h.forward();
    expect(h.back()).toBe('a');
    expect(h.back()).toBe('home');
  });

  test('visiting a new page clears forward history', () => {
    const h = browse('a', 'b');
    h.back();
    h.visit('x');
    expect(h.canGoForward()).toBe(false);
    expect(h.back()).toBe('a');
  });

  test('visiting the current page again is ignored', () => {
    const h = browse('a', 'a');
    expect(h.back()).toBe('home');
  });
});
