import { describe, expect, it } from 'vitest';
import { buildUrl, DEFAULT_SETTINGS, resolveSettings } from './settings';

describe('resolveSettings', () => {
  it('returns the defaults when nothing is overridden', () => {
    expect(resolveSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('overrides scalar values and trims the trailing slash', () => {
    const s = resolveSettings({ baseUrl: 'https://billing.example.com/', timeoutMs: 1000 });
    expect(s.baseUrl).toBe('https://billing.example.com');
    expect(s.timeoutMs).toBe(1000);
  });

  it('merges retry options key by key', () => {
    expect(resolveSettings({ retry: { retries: 5 } }).retry).toEqual({ retries: 5, backoffMs: 250 });
  });

  it('merges headers with the default headers', () => {
    const s = resolveSettings({ headers: { Authorization: 'Bearer abc' } });
    expect(s.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer abc' });
  });

  it('does not leak headers from one call into the next', () => {
    resolveSettings({ headers: { 'X-Tenant': 'acme' } });
    const plain = resolveSettings();
    expect(plain.headers).toEqual({ Accept: 'application/json' });
  });

  it('leaves DEFAULT_SETTINGS untouched', () => {
    resolveSettings({ headers: { Accept: 'text/csv' } });
    expect(DEFAULT_SETTINGS.headers).toEqual({ Accept: 'application/json' });
  });

  it('rejects a non-positive timeout', () => {
    expect(() => resolveSettings({ timeoutMs: 0 })).toThrow(RangeError);
  });
});

describe('buildUrl', () => {
  it('joins base URL, path and query', () => {
    const s = resolveSettings({ baseUrl: 'https://api.example.com/v2/' });
    expect(buildUrl(s, '/invoices', { page: '2' })).toBe('https://api.example.com/v2/invoices?page=2');
  });
});
