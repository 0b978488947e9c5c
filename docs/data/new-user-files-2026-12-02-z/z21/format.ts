export interface FormatOptions {
  decimals?: number;
  thousands?: string;
  decimal?: string;
}

/** formatNumber(1234567.891, { decimals: 2 }) -> "1,234,567.89" */
export function formatNumber(
  value: number,
  { decimals = 0, thousands = ",", decimal = "." }: FormatOptions = {},
): string {
  if (!Number.isFinite(value)) return String(value);
  const [intPart, fracPart] = value.toFixed(decimals).split(".");
  const groups: string[] = [];
  for (let end = intPart.length; end > 0; end -= 3) {
    groups.unshift(intPart.slice(Math.max(0, end - 3), end));
  }
  const grouped = groups.join(thousands);
  return fracPart ? grouped + decimal + fracPart : grouped;
}

export function formatCurrency(value: number, symbol = "$"): string {
  const body = formatNumber(Math.abs(value), { decimals: 2 });
  return value < 0 ? `-${symbol}${body}` : `${symbol}${body}`;
}

export function formatPercent(ratio: number, decimals = 1): string {
  return `${formatNumber(ratio * 100, { decimals })}%`;
}

const UNITS = ["", "K", "M", "B", "T"];

/** Short form for dashboards: 1530 -> "1.5K", 2_000_000 -> "2M". */
export function formatCompact(value: number): string {
  let unit = 0;
  let scaled = Math.abs(value);
  while (scaled >= 1000 && unit < UNITS.length - 1) {
    scaled /= 1000;
    unit++;
  }
  const text = scaled >= 100 || Number.isInteger(scaled) ? Math.round(scaled).toString() : scaled.toFixed(1).replace(/\.0$/, "");
  return (value < 0 ? "-" : "") + text + UNITS[unit];
}
