'use strict';

// Structural diff of two plain JSON-like objects, used for the audit log
// ("what changed in this record?").

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function sameValue(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    return diff(a, b).length === 0;
  }
  return Object.is(a, b);
}

function diff(before, after, prefix = '') {
  const changes = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...keys].sort()) {
    const path = prefix ? `${prefix}.${key}` : key;
    const a = before[key];
    const b = after[key];
    if (!(key in before)) {
      changes.push({ op: 'add', path, value: b });
    } else if (!after[key]) {
      changes.push({ op: 'remove', path, oldValue: a });
    } else if (isPlainObject(a) && isPlainObject(b)) {
      changes.push(...diff(a, b, path));
    } else if (!sameValue(a, b)) {
      changes.push({ op: 'replace', path, oldValue: a, value: b });
    }
  }
  return changes;
}

function describeChanges(changes) {
  return changes.map((c) => {
    switch (c.op) {
      case 'add':
        return `+ ${c.path} = ${JSON.stringify(c.value)}`;
      case 'remove':
        return `- ${c.path}`;
      default:
        return `~ ${c.path}: ${JSON.stringify(c.oldValue)} -> ${JSON.stringify(c.value)}`;
    }
  });
}

module.exports = { diff, describeChanges };
