export type Channel = 'stable' | 'beta';

export interface Release {
  version: string;
  channel: Channel;
}

function parts(version: string): string[] {
  const cleaned = version.trim().replace(/^v/, '');
  if (!/^\d+(\.\d+)*$/.test(cleaned)) {
    throw new Error(`Invalid version: ${version}`);
  }
  return cleaned.split('.');
}

export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  const len = Math.max(pa.length, pb.length);
  for (let i = 0; i < len; i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function latest(releases: Release[], channel: Channel = 'stable'): Release | undefined {
  const eligible = releases.filter((r) => channel === 'beta' || r.channel === 'stable');
  return [...eligible].sort((a, b) => compareVersions(b.version, a.version))[0];
}

export function updateAvailable(current: string, releases: Release[], channel: Channel = 'stable'): string | null {
  const newest = latest(releases, channel);
  if (!newest) return null;
  return compareVersions(newest.version, current) > 0 ? newest.version : null;
}

export function isMajorUpgrade(from: string, to: string): boolean {
  return Number(parts(to)[0]) > Number(parts(from)[0]);
}
