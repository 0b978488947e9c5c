// Subscription billing dates. All calculations are done in UTC.

export function parseDate(iso: string): Date {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`invalid date: ${iso}`);
  return d;
}

export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** Billing dates for a subscription that started on `start`. */
export function billingSchedule(start: string, cycles: number): string[] {
  const first = parseDate(start);
  return Array.from({ length: cycles }, (_, i) => formatDate(addMonths(first, i)));
}

/** Next billing date strictly after `today` for a subscription started on `start`. */
export function nextBillingDate(start: string, today: string): string {
  const first = parseDate(start);
  const now = parseDate(today);
  let i = 0;
  while (addMonths(first, i) <= now) i++;
  return formatDate(addMonths(first, i));
}
