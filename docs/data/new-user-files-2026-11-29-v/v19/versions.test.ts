import { describe, expect, it } from 'vitest';
import { compareVersions, isMajorUpgrade, latest, updateAvailable, type Release } from './versions';

const releases: Release[] = [
  { version: '1.9.3', channel: 'stable' },
  { version: '1.10.0', channel: 'stable' },
  { version: '2.0.0', channel: 'beta' },
  { version: '1.2.11', channel: 'stable' },
];

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0.1', '1.0.0', 1],
    ['1.2.0', '1.10.0', -1],
    ['10.0.0', '9.9.9', 1],
    ['v2.1', '2.1.0', 0],
    ['1.2.3', '1.2.10', -1],
  ])('compare(%s, %s) = %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('rejects garbage', () => {
    expect(() => compareVersions('1.x', '1.0')).toThrow('Invalid version');
  });
});

describe('release selection', () => {
  it('picks the newest stable release', () => {
    expect(latest(releases)?.version).toBe('1.10.0');
  });

  it('includes betas on the beta channel', () => {
    expect(latest(releases, 'beta')).toEqual({ version: '2.0.0', channel: 'beta' });
  });

  it('reports available updates', () => {
    expect(updateAvailable('1.9.3', releases)).toBe('1.10.0');
    expect(updateAvailable('1.10.0', releases)).toBeNull();
    expect(updateAvailable('1.0.0', [])).toBeNull();
  });

  it('detects major upgrades', () => {
    expect(isMajorUpgrade('1.10.0', '2.0.0')).toBe(true);
    expect(isMajorUpgrade('1.9.3', '1.10.0')).toBe(false);
  });
});
