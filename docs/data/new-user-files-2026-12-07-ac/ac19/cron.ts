export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
}

type Range = readonly [min: number, max: number];

const FIELD_RANGES: readonly Range[] = [
  [0, 59], // minute
  [0, 23], // hour
  [1, 31], // day of month
  [1, 12], // month
  [0, 6], // day of week, 0 = Sunday
];

function parseField(field: string, [min, max]: Range): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(",")) {
    const [rangePart, stepPart] = part.split("/");
    const step = stepPart === undefined ? 1 : Number(stepPart);
    if (!Number.isInteger(step) || step < 1) throw new Error(`invalid step in "${field}"`);
    let lo: number;
    let hi: number;
    if (rangePart === "*") {
      [lo, hi] = [min, max];
    } else if (rangePart.includes("-")) {
      [lo, hi] = rangePart.split("-").map(Number);
    } else {
      lo = Number(rangePart);
      hi = stepPart === undefined ? lo : max;
    }
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < min || hi > max || lo > hi) {
      throw new Error(`value out of range in "${field}"`);
    }
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`expected 5 fields, got ${fields.length}`);
  const [minutes, hours, days, months, weekdays] = fields.map((f, i) => parseField(f, FIELD_RANGES[i]));
  return { minutes, hours, days, months, weekdays };
}

/** The first time strictly after `after` (UTC, minute precision) matching the expression. */
export function nextRun(expression: string, after: Date): Date {
  const s = parseCron(expression);
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 24 * 60 * 60 * 1000;

  while (t.getTime() <= limit) {
    if (!s.months.has(t.getUTCMonth())) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!s.days.has(t.getUTCDate()) || !s.weekdays.has(t.getUTCDay())) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t;
    }
  }
  throw new Error(`no matching time within 5 years for "${expression}"`);
}

export function nextRuns(expression: string, after: Date, count: number): Date[] {
  const runs: Date[] = [];
  let from = after;
  for (let i = 0; i < count; i++) {
    from = nextRun(expression, from);
    runs.push(from);
  }
  return runs;
}
