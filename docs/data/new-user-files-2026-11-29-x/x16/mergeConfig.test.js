import { describe, expect, it } from 'vitest';
import { deepMerge, fromEnv, getPath, resolveConfig } from './mergeConfig.js';

function defaults() {
  return {
    server: { host: 'localhost', port: 8080, tls: { enabled: false } },
    log: { level: 'info', targets: ['stdout'] },
  };
}

describe('deepMerge', () => {
  it('merges nested objects and replaces arrays', () => {
    const merged = deepMerge(defaults(), { server: { port: 9000 }, log: { targets: ['file'] } });
    expect(merged).toEqual({
      server: { host: 'localhost', port: 9000, tls: { enabled: false } },
      log: { level: 'info', targets: ['file'] },
    });
  });

  it('ignores undefined but keeps null and falsy values', () => {
    const merged = deepMerge({ a: 1, b: 2, c: 3 }, { a: undefined, b: null, c: 0 });
    expect(merged).toEqual({ a: 1, b: null, c: 0 });
  });

  it('does not modify its arguments', () => {
    const base = defaults();
    const override = { server: { tls: { enabled: true } } };
    const merged = deepMerge(base, override);
    expect(base).toEqual(defaults());
    expect(merged).not.toBe(base);
    expect(merged.server.tls.enabled).toBe(true);
    expect(merged.server).not.toBe(base.server);
  });
});

describe('resolveConfig', () => {
  it('applies layers in order', () => {
    const cfg = resolveConfig(defaults(), { server: { host: '0.0.0.0' } }, undefined, { server: { port: 80 } });
    expect(getPath(cfg, 'server.host')).toBe('0.0.0.0');
    expect(getPath(cfg, 'server.port')).toBe(80);
  });

  it('can be called repeatedly with the same defaults', () => {
    const shared = defaults();
    const prod = resolveConfig(shared, { log: { level: 'warn' } });
    const dev = resolveConfig(shared, { server: { port: 3000 } });
    expect(prod.log.level).toBe('warn');
    expect(dev.log.level).toBe('info');
    expect(prod.server.port).toBe(8080);
    expect(shared).toEqual(defaults());
  });
});

describe('getPath and fromEnv', () => {
  it('reads nested values with a fallback', () => {
    expect(getPath(defaults(), 'server.tls.enabled')).toBe(false);
    expect(getPath(defaults(), 'server.missing.x', 'none')).toBe('none');
  });

  it('builds a layer from prefixed environment variables', () => {
    const env = { APP_SERVER__PORT: '7000', APP_LOG__LEVEL: 'debug', HOME: '/root' };
    expect(fromEnv(env, 'APP_')).toEqual({ server: { port: 7000 }, log: { level: 'debug' } });
  });
});
