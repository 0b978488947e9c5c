import { describe, expect, it } from 'vitest';
import { compareVersions, isUpdateAvailable, newestStable, parseVersion } from './versions.mjs';

describe('parseVersion', () => {
  it('parses a full version', () => {
    expect(parseVersion('1.4.2')).toEqual({ major: 1, minor: 4, patch: 2, pre: null });
  });

  it('accepts a leading v and pads missing parts', () => {
    expect(parseVersion('v2.1')).toEqual({ major: 2, minor: 1, patch: 0, pre: null });
    expect(parseVersion('3')).toEqual({ major: 3, minor: 0, patch: 0, pre: null });
  });

  it('keeps the prerelease tag', () => {
    expect(parseVersion('2.0.0-rc.1').pre).toBe('rc.1');
  });

  it('rejects garbage', () => {
    expect(() => parseVersion('latest')).toThrow('invalid version');
    expect(() => parseVersion('1.2.3.4')).toThrow('invalid version');
  });
});

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.2.0', '1.10.0', -1],
    ['2.0.0', '1.99.99', 1],
    ['1.0.9', '1.0.10', -1],
    ['1.0.0-beta', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-beta', -1],
    ['v1.1', '1.1.0', 0],
  ])('compare(%s, %s) = %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});

describe('isUpdateAvailable', () => {
  it('detects a newer minor release', () => {
    expect(isUpdateAvailable('4.2.1', '4.3.0')).toBe(true);
  });

  it('is false when already on latest', () => {
    expect(isUpdateAvailable('4.3.0', '4.3.0')).toBe(false);
    expect(isUpdateAvailable('5.0.0', '4.3.0')).toBe(false);
  });
});

describe('newestStable', () => {
  it('ignores prereleases', () => {
    expect(newestStable(['1.9.0', '1.10.0', '2.0.0-rc.1', '1.2.5'])).toBe('1.10.0');
  });

  it('returns null without stable versions', () => {
    expect(newestStable(['1.0.0-alpha'])).toBeNull();
  });
});
