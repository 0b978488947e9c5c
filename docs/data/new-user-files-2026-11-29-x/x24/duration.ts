// Human-friendly durations for timeouts and job schedules: "1h30m", "2d 4h", "45s".

const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };
const UNIT_ORDER = ['d', 'h', 'm', 's'];

export function parseDuration(input: string): number {
  const s = input.replace(/\s+/g, '').toLowerCase();
  if (!/^(\d+[dhms])+$/.test(s)) {
    throw new SyntaxError(`invalid duration: ${JSON.stringify(input)}`);
  }
  let total = 0;
  const part = /(\d)([dhms])/g;
  let match: RegExpExecArray | null;
  while ((match = part.exec(s)) !== null) {
    total += Number(match[1]) * UNIT_SECONDS[match[2]];
  }
  return total;
}

export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) {
    throw new RangeError('duration must be a non-negative number');
  }
  let rest = Math.floor(totalSeconds);
  if (rest === 0) return '0s';
  const parts: string[] = [];
  for (const unit of UNIT_ORDER) {
    const size = UNIT_SECONDS[unit];
    const n = Math.round(rest / size);
    if (n > 0) {
      parts.push(`${n}${unit}`);
      rest -= n * size;
    }
  }
  return parts.join(' ');
}

export function toMilliseconds(input: string | number): number {
  return typeof input === 'number' ? input : parseDuration(input) * 1000;
}

export function sumDurations(inputs: string[]): string {
  return formatDuration(inputs.reduce((acc, d) => acc + parseDuration(d), 0));
}
