type PlainObject = Record<string, unknown>;

export interface AppConfig {
  port: number;
  db: { host: string; port: number; pool: { min: number; max: number } };
  features: string[];
  logLevel: 'debug' | 'info' | 'warn';
}

export const DEFAULTS: AppConfig = {
  port: 8080,
  db: { host: 'localhost', port: 5432, pool: { min: 1, max: 10 } },
  features: ['search'],
  logLevel: 'info',
};

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) {
    return (override === undefined ? base : override) as T;
  }
  const result: PlainObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const existing = result[key];
    if (isPlainObject(existing) && isPlainObject(value)) {
      result[key] = Object.assign(existing, value);
    } else {
      result[key] = value;
    }
  }
  return result as T;
}

export function configFromEnv(env: Record<string, string | undefined>): unknown {
  return {
    port: env.PORT ? Number(env.PORT) : undefined,
    logLevel: env.LOG_LEVEL,
    db: {
      host: env.DB_HOST,
      pool: env.DB_POOL_MAX ? { max: Number(env.DB_POOL_MAX) } : undefined,
    },
  };
}

export function loadConfig(fileConfig: unknown, env: Record<string, string | undefined> = {}): AppConfig {
  return deepMerge(deepMerge(DEFAULTS, fileConfig), configFromEnv(env));
}
