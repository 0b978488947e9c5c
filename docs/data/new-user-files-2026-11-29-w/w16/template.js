'use strict';

// Tiny mustache-like renderer for notification e-mails.
//   {{ user.name }}          HTML-escaped value
//   {{ user.name | upper }}  with filters applied left to right
//   {{{ body }}}             raw, unescaped value

const TAG_RE = /\{\{\{\s*([\w.]+)\s*\}\}\}|\{\{\s*([\w.]+)((?:\s*\|\s*\w+)*)\s*\}\}/g;

const BUILTIN_FILTERS = {
  upper: (v) => String(v).toUpperCase(),
  lower: (v) => String(v).toLowerCase(),
  trim: (v) => String(v).trim(),
  count: (v) => (Array.isArray(v) ? v.length : 0),
};

function escapeHtml(value) {
  return String(value)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/&/g, '&amp;');
}

function lookup(data, path) {
  let value = data;
  for (const part of path.split('.')) {
    value = value[part];
  }
  return value;
}

function render(template, data, extraFilters = {}) {
  const filters = { ...BUILTIN_FILTERS, ...extraFilters };
  return template.replace(TAG_RE, (_, rawPath, path, pipes) => {
    if (rawPath) {
      const raw = lookup(data, rawPath);
      return raw == null ? '' : String(raw);
    }
    let value = lookup(data, path);
    for (const name of pipes.split('|').map((s) => s.trim()).filter(Boolean)) {
      const fn = filters[name];
      if (!fn) throw new Error(`unknown filter "${name}"`);
      value = fn(value);
    }
    return value == null ? '' : escapeHtml(value);
  });
}

module.exports = { render, escapeHtml };
