const VERSION_RE = /^v?(\d+(?:\.\d+){0,2})(?:-([0-9A-Za-z.]+))?$/;

export function parseVersion(text) {
  const match = VERSION_RE.exec(String(text).trim());
  if (!match) throw new Error(`invalid version: ${text}`);
  const parts = match[1].split('.').map(parseInt);
  while (parts.length < 3) parts.push(0);
  const [major, minor, patch] = parts;
  return { major, minor, patch, pre: match[2] ?? null };
}

function comparePre(a, b) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (const key of ['major', 'minor', 'patch']) {
    if (x[key] !== y[key]) return x[key] < y[key] ? -1 : 1;
  }
  return comparePre(x.pre, y.pre);
}

export function isUpdateAvailable(current, latest) {
  return compareVersions(current, latest) < 0;
}

export function newestStable(versions) {
  const stable = versions.filter((v) => parseVersion(v).pre === null);
  if (stable.length === 0) return null;
  return stable.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
}
