/**
 * Helpers for ordering release tags such as "v1.10.0" or "2.0.0-rc.1".
 */

const VERSION_RE = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

export function parseVersion(tag) {
  const m = VERSION_RE.exec(String(tag).trim());
  if (!m) throw new Error(`invalid version: ${tag}`);
  return { major: m[1], minor: m[2], patch: m[3], pre: m[4] ?? null };
}

/** Comparator for Array.prototype.sort: negative if a < b. */
export function compareVersions(a, b) {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  for (const key of ['major', 'minor', 'patch']) {
    if (va[key] !== vb[key]) return va[key] < vb[key] ? -1 : 1;
  }
  // a pre-release sorts before the release it precedes
  if (va.pre === vb.pre) return 0;
  if (va.pre === null) return 1;
  if (vb.pre === null) return -1;
  return va.pre < vb.pre ? -1 : 1;
}

export function sortVersions(tags) {
  return [...tags].sort(compareVersions);
}

/** Newest stable (non pre-release) tag, or null if there is none. */
export function latestStable(tags) {
  const stable = tags.filter((t) => parseVersion(t).pre === null);
  return stable.length ? sortVersions(stable).at(-1) : null;
}
