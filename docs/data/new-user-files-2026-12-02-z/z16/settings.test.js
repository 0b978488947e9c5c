const { SettingsService } = require('./settings');

function fakeStore(data) {
  return {
    fetch: jest.fn(async (key) => {
      if (!(key in data)) throw new Error(`no such setting: ${key}`);
      return data[key];
    }),
  };
}

function downStore() {
  return { fetch: jest.fn(async () => { throw new Error('ECONNREFUSED'); }) };
}

describe('SettingsService', () => {
  let clock;
  const now = () => clock;

  beforeEach(() => {
    clock = 0;
  });

  test('reads values from the store', async () => {
    const service = new SettingsService(fakeStore({ theme: 'dark' }));
    await expect(service.get('theme')).resolves.toBe('dark');
  });

  test('caches values for the ttl', async () => {
    const store = fakeStore({ theme: 'dark' });
    const service = new SettingsService(store, { ttlMs: 1000, now });
    await service.get('theme');
    clock = 999;
    await service.get('theme');
    expect(store.fetch).toHaveBeenCalledTimes(1);
    clock = 1000;
    await service.get('theme');
    expect(store.fetch).toHaveBeenCalledTimes(2);
  });

  test('invalidate forces a reload', async () => {
    const store = fakeStore({ limit: 10 });
    const service = new SettingsService(store);
    await service.get('limit');
    service.invalidate('limit');
    await service.get('limit');
    expect(store.fetch).toHaveBeenCalledTimes(2);
  });

  test('falls back to the default when the store is down', async () => {
    const service = new SettingsService(downStore(), { defaults: { theme: 'light' } });
    await expect(service.get('theme')).resolves.toBe('light');
  });

  test('rethrows when there is no default', async () => {
    const service = new SettingsService(downStore(), { defaults: { theme: 'light' } });
    await expect(service.get('locale')).rejects.toThrow('ECONNREFUSED');
  });

  test('getMany mixes stored values and defaults', async () => {
    const store = fakeStore({ theme: 'dark' });
    const service = new SettingsService(store, { defaults: { pageSize: 25 } });
    await expect(service.getMany(['theme', 'pageSize'])).resolves.toEqual({
      theme: 'dark',
      pageSize: 25,
    });
  });
});
