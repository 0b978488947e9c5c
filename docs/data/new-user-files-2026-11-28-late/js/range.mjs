export function range(start, stop, step = 1) {
  const out = [];
  for (let i = start; i <= stop; i += step) out.push(i);
  return out;
}

export function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
