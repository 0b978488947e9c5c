const { test, beforeEach, afterEach, mock } = require('node:test');
const assert = require('node:assert/strict');
const { debounce } = require('./debounce');

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout'] });
});

afterEach(() => {
  mock.timers.reset();
});

test('calls once after the wait period', () => {
  const spy = mock.fn();
  const save = debounce(spy, 200);
  save('draft');
  mock.timers.tick(199);
  assert.equal(spy.mock.callCount(), 0);
  mock.timers.tick(1);
  assert.equal(spy.mock.callCount(), 1);
  assert.deepEqual(spy.mock.calls[0].arguments, ['draft']);
});

test('a burst of calls runs once with the latest arguments', () => {
  const spy = mock.fn();
  const search = debounce(spy, 100);
  search('r');
  mock.timers.tick(50);
  search('re');
  mock.timers.tick(50);
  search('react');
  mock.timers.tick(100);
  assert.equal(spy.mock.callCount(), 1);
  assert.deepEqual(spy.mock.calls[0].arguments, ['react']);
});

test('leading mode fires immediately and ignores the rest of the burst', () => {
  const spy = mock.fn();
  const click = debounce(spy, 300, { leading: true });
  click(1);
  click(2);
  assert.equal(spy.mock.callCount(), 1);
  mock.timers.tick(300);
  click(3);
  assert.equal(spy.mock.callCount(), 2);
});

test('cancel drops the pending call', () => {
  const spy = mock.fn();
  const save = debounce(spy, 100);
  save();
  save.cancel();
  mock.timers.tick(500);
  assert.equal(spy.mock.callCount(), 0);
  assert.equal(save.pending(), false);
});

test('flush runs the pending call right away', () => {
  const spy = mock.fn(() => 'saved');
  const save = debounce(spy, 1000);
  save({ id: 1 });
  assert.equal(save.flush(), 'saved');
  assert.equal(spy.mock.callCount(), 1);
  assert.equal(save.pending(), false);
});

test('flush does not cause a second call when the timer would have fired', () => {
  const spy = mock.fn();
  const save = debounce(spy, 1000);
  save('x');
  save.flush();
  mock.timers.tick(1000);
  assert.equal(spy.mock.callCount(), 1);
});

test('keeps the calling context', () => {
  const editor = {
    name: 'main',
    seen: null,
    save: debounce(function () { this.seen = this.name; }, 10),
  };
  editor.save();
  mock.timers.tick(10);
  assert.equal(editor.seen, 'main');
});
