/** Summary statistics for response-time samples (milliseconds). */

export interface LatencySummary {
  count: number;
  min: number;
  max: number;
  mean: number;
  median: number;
}

export function mean(values: number[]): number {
  if (values.length === 0) throw new RangeError('mean of empty list');
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new RangeError('median of empty list');
  const sorted = [...values].sort();
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarize(values: number[]): LatencySummary {
  return {
    count: values.length,
    min: Math.min(...values),
    max: Math.max(...values),
    mean: Math.round(mean(values) * 10) / 10,
    median: median(values),
  };
}

/** Samples slower than `factor` times the median, e.g. for flagging outliers. */
export function slowSamples(values: number[], factor = 3): number[] {
  const limit = median(values) * factor;
  return values.filter((v) => v > limit);
}
