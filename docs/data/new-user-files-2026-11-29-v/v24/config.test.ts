import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULTS, deepMerge, loadConfig } from './config';

describe('deepMerge', () => {
  it('overrides scalar values', () => {
    assert.deepEqual(deepMerge({ a: 1, b: 2 }, { b: 3 }), { a: 1, b: 3 });
  });

  it('merges nested objects at every level', () => {
    const base = { db: { host: 'x', pool: { min: 1, max: 10 } } };
    assert.deepEqual(deepMerge(base, { db: { pool: { max: 50 } } }), {
      db: { host: 'x', pool: { min: 1, max: 50 } },
    });
  });

  it('replaces arrays instead of merging them', () => {
    assert.deepEqual(deepMerge({ tags: ['a', 'b'] }, { tags: ['c'] }), { tags: ['c'] });
  });

  it('does not modify its inputs', () => {
    const base = { db: { host: 'localhost', port: 5432 } };
    const override = { db: { host: 'db.internal' } };
    deepMerge(base, override);
    assert.deepEqual(base, { db: { host: 'localhost', port: 5432 } });
    assert.deepEqual(override, { db: { host: 'db.internal' } });
  });
});

describe('loadConfig', () => {
  it('layers file config and environment over defaults', () => {
    const config = loadConfig(
      { db: { host: 'db.staging', pool: { min: 2 } }, features: ['search', 'export'] },
      { PORT: '9000', DB_POOL_MAX: '25' },
    );
    assert.deepEqual(config, {
      port: 9000,
      db: { host: 'db.staging', port: 5432, pool: { min: 2, max: 25 } },
      features: ['search', 'export'],
      logLevel: 'info',
    });
  });

  it('leaves DEFAULTS untouched between loads', () => {
    loadConfig({ db: { host: 'db.prod', pool: { max: 100 } } }, { LOG_LEVEL: 'warn' });
    const fresh = loadConfig({});
    assert.equal(fresh.db.host, 'localhost');
    assert.equal(fresh.db.pool.max, 10);
    assert.equal(DEFAULTS.logLevel, 'info');
  });
});
