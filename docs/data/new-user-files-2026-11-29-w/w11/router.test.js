'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Router } = require('./router');

function buildRouter() {
  return new Router()
    .get('/health', () => 'ok')
    .get('/users/:id', () => 'user')
    .get('/users/:id/posts', () => 'posts')
    .get('/users/:id/posts/:postId', () => 'post')
    .post('/users', () => 'create');
}

test('matches a static route', () => {
  const r = buildRouter().match('GET', '/health');
  assert.equal(r.handler(), 'ok');
  assert.deepEqual(r.params, {});
});

test('extracts a named parameter', () => {
  const r = buildRouter().match('GET', '/users/42');
  assert.equal(r.pattern, '/users/:id');
  assert.deepEqual(r.params, { id: '42' });
});

test('ignores query string and trailing slash', () => {
  const r = buildRouter().match('GET', '/users/42/?fields=name');
  assert.deepEqual(r.params, { id: '42' });
});

test('decodes parameters', () => {
  const r = buildRouter().match('GET', '/users/j%C3%B6rg');
  assert.equal(r.params.id, 'jörg');
});

test('nested route is not swallowed by its parent', () => {
  const r = buildRouter().match('GET', '/users/42/posts');
  assert.equal(r.pattern, '/users/:id/posts');
  assert.equal(r.handler(), 'posts');
});

test('two parameters', () => {
  const r = buildRouter().match('GET', '/users/7/posts/99');
  assert.deepEqual(r.params, { id: '7', postId: '99' });
});

test('unknown path is 404', () => {
  assert.deepEqual(buildRouter().match('GET', '/nope'), { error: 404 });
  assert.deepEqual(buildRouter().match('GET', '/healthz'), { error: 404 });
});

test('wrong method is 405', () => {
  assert.deepEqual(buildRouter().match('DELETE', '/users'), { error: 405 });
});
