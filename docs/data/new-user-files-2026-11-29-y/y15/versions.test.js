import { describe, expect, it } from 'vitest';
import { compareVersions, latestStable, parseVersion, sortVersions } from './versions.js';

describe('parseVersion', () => {
  it('reads a pre-release tag', () => {
    expect(parseVersion('v2.0.0-rc.1').pre).toBe('rc.1');
    expect(parseVersion('1.2.3').pre).toBeNull();
  });

  it('rejects junk', () => {
    expect(() => parseVersion('1.2')).toThrow(/invalid version/);
    expect(() => parseVersion('latest')).toThrow();
  });
});

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0.0', '2.0.0', -1],
    ['1.2.0', '1.1.9', 1],
    ['1.0.0-beta', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-beta', -1],
    ['1.9.0', '1.10.0', -1],
    ['v10.0.0', 'v9.4.2', 1],
  ])('compare(%s, %s) = %i', (a, b, expected) => {
    expect(Math.sign(compareVersions(a, b))).toBe(expected);
  });
});

describe('sorting', () => {
  it('sorts single-digit versions', () => {
    expect(sortVersions(['1.2.0', '0.9.1', '1.0.0', '1.0.0-rc.1'])).toEqual([
      '0.9.1', '1.0.0-rc.1', '1.0.0', '1.2.0',
    ]);
  });

  it('sorts multi-digit components numerically', () => {
    expect(sortVersions(['v1.10.0', 'v1.2.0', 'v1.9.3'])).toEqual(['v1.2.0', 'v1.9.3', 'v1.10.0']);
  });

  it('finds the latest stable tag', () => {
    expect(latestStable(['v2.9.0', 'v2.10.0', 'v3.0.0-beta.2'])).toBe('v2.10.0');
    expect(latestStable(['v1.0.0-rc.1'])).toBeNull();
  });
});
