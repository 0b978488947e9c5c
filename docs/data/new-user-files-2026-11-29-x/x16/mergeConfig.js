// Layered application configuration: defaults <- file <- environment.

export function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function deepMerge(target, source) {
  const out = target;
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (isPlainObject(value) && isPlainObject(out[key])) {
      out[key] = deepMerge(out[key], value);
    } else if (isPlainObject(value)) {
      out[key] = deepMerge({}, value);
    } else if (Array.isArray(value)) {
      out[key] = [...value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

export function resolveConfig(defaults, ...layers) {
  return layers.reduce((acc, layer) => deepMerge(acc, layer ?? {}), defaults);
}

export function getPath(obj, path, fallback) {
  let node = obj;
  for (const part of path.split('.')) {
    if (!isPlainObject(node) || !(part in node)) return fallback;
    node = node[part];
  }
  return node;
}

export function fromEnv(env, prefix) {
  const layer = {};
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(prefix)) continue;
    const parts = name.slice(prefix.length).toLowerCase().split('__');
    let node = layer;
    for (const part of parts.slice(0, -1)) {
      node[part] = isPlainObject(node[part]) ? node[part] : {};
      node = node[part];
    }
    node[parts[parts.length - 1]] = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return layer;
}
