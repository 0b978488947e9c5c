/** Settings for the HTTP client used by the billing service. */

export interface RetryPolicy {
  retries: number;
  backoffMs: number;
}

export interface ClientSettings {
  baseUrl: string;
  timeoutMs: number;
  headers: Record<string, string>;
  retry: RetryPolicy;
}

export interface SettingsOverrides {
  baseUrl?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
  retry?: Partial<RetryPolicy>;
}

export const DEFAULT_SETTINGS: ClientSettings = {
  baseUrl: 'http://localhost:8080',
  timeoutMs: 5000,
  headers: { Accept: 'application/json' },
  retry: { retries: 2, backoffMs: 250 },
};

/** Merge caller overrides on top of the defaults (headers and retry are merged key by key). */
export function resolveSettings(overrides: SettingsOverrides = {}): ClientSettings {
  const settings: ClientSettings = {
    ...DEFAULT_SETTINGS,
    ...overrides,
    headers: Object.assign(DEFAULT_SETTINGS.headers, overrides.headers),
    retry: { ...DEFAULT_SETTINGS.retry, ...overrides.retry },
  };
  settings.baseUrl = settings.baseUrl.replace(/\/+$/, '');
  if (settings.timeoutMs <= 0) throw new RangeError('timeoutMs must be positive');
  return settings;
}

export function buildUrl(settings: ClientSettings, path: string, query: Record<string, string> = {}): string {
  const url = new URL(settings.baseUrl + '/' + path.replace(/^\/+/, ''));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
