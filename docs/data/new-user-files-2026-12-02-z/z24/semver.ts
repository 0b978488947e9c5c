const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

interface Parsed {
  core: string[];
  prerelease: string | null;
}

function parse(version: string): Parsed {
  const m = VERSION.exec(version.trim());
  if (!m) throw new Error(`invalid version: ${version}`);
  return { core: [m[1], m[2], m[3]], prerelease: m[4] ?? null };
}

export function isValid(version: string): boolean {
  return VERSION.test(version.trim());
}

/** -1, 0 or 1, like a sort comparator. */
export function compare(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < 3; i++) {
    if (pa.core[i] !== pb.core[i]) return pa.core[i] < pb.core[i] ? -1 : 1;
  }
  // 1.0.0-beta < 1.0.0
  if (pa.prerelease === pb.prerelease) return 0;
  if (pa.prerelease === null) return 1;
  if (pb.prerelease === null) return -1;
  return pa.prerelease < pb.prerelease ? -1 : 1;
}

export function sortVersions(versions: string[]): string[] {
  return [...versions].sort(compare);
}

/** Caret ranges: "^1.4.0" allows >=1.4.0 and <2.0.0 (no prereleases). */
export function satisfiesCaret(version: string, range: string): boolean {
  const base = range.replace(/^\^/, "");
  const v = parse(version);
  if (v.prerelease !== null) return false;
  return v.core[0] === parse(base).core[0] && compare(version, base) >= 0;
}

export function maxSatisfying(versions: string[], range: string): string | null {
  const matching = versions.filter((v) => satisfiesCaret(v, range));
  return matching.length ? sortVersions(matching)[matching.length - 1] : null;
}

export function bump(version: string, part: "major" | "minor" | "patch"): string {
  const [major, minor, patch] = parse(version).core.map(Number);
  if (part === "major") return `${major + 1}.0.0`;
  if (part === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
