export interface Webhook {
  id: string;
  url: string;
}

export type Sender = (url: string, body: string) => Promise<number>;

export interface DeliveryReport {
  delivered: string[];
  failed: { id: string; reason: string }[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function deliverOne(
  hook: Webhook,
  body: string,
  send: Sender,
  maxAttempts = 3,
  backoffMs = 200,
): Promise<string | null> {
  let reason = 'not attempted';
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    try {
      const status = await send(hook.url, body);
      if (status >= 200 && status < 300) return null;
      reason = `HTTP ${status}`;
      if (status < 500) break;
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    if (attempt < maxAttempts) await sleep(backoffMs * attempt);
  }
  return reason;
}

export async function deliverAll(
  hooks: Webhook[],
  payload: unknown,
  send: Sender,
  options: { maxAttempts?: number; backoffMs?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: [], failed: [] };
  const body = JSON.stringify(payload);
  hooks.forEach(async (hook) => {
    const reason = await deliverOne(hook, body, send, options.maxAttempts, options.backoffMs);
    if (reason === null) {
      report.delivered.push(hook.id);
    } else {
      report.failed.push({ id: hook.id, reason });
    }
  });
  report.delivered.sort();
  report.failed.sort((a, b) => a.id.localeCompare(b.id));
  return report;
}
