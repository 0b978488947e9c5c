import {
  DEFAULT_PREFERENCES,
  buildPreferences,
  deliveryChannels,
  inQuietHours,
} from './preferences';

describe('buildPreferences', () => {
  it('returns the defaults when nothing is overridden', () => {
    expect(buildPreferences()).toEqual({
      channels: { email: true, sms: false, push: true },
      quietHours: null,
      digest: 'daily',
    });
  });

  it('mutes and enables channels', () => {
    const prefs = buildPreferences({ mute: ['email'], enable: ['sms'] });
    expect(prefs.channels).toEqual({ email: false, sms: true, push: true });
  });

  it('does not leak one user’s choices into the next', () => {
    buildPreferences({ mute: ['push'] });
    const other = buildPreferences();
    expect(other.channels.push).toBe(true);
    expect(DEFAULT_PREFERENCES.channels).toEqual({ email: true, sms: false, push: true });
  });

  it('keeps each user’s channels independent', () => {
    const a = buildPreferences();
    const b = buildPreferences();
    a.channels.sms = true;
    expect(b.channels.sms).toBe(false);
  });

  it('overrides digest and quiet hours', () => {
    const prefs = buildPreferences({ digest: 'weekly', quietHours: { start: 22, end: 7 } });
    expect(prefs.digest).toBe('weekly');
    expect(prefs.quietHours).toEqual({ start: 22, end: 7 });
  });
});

describe('quiet hours', () => {
  const overnight = { ...DEFAULT_PREFERENCES, quietHours: { start: 22, end: 7 } };
  const afternoon = { ...DEFAULT_PREFERENCES, quietHours: { start: 13, end: 15 } };

  it.each([
    [23, true],
    [3, true],
    [7, false],
    [12, false],
  ])('overnight window at %i:00 -> %p', (hour, expected) => {
    expect(inQuietHours(overnight, hour)).toBe(expected);
  });

  it('handles a same-day window', () => {
    expect(inQuietHours(afternoon, 14)).toBe(true);
    expect(inQuietHours(afternoon, 15)).toBe(false);
  });

  it('only emails during quiet hours unless urgent', () => {
    expect(deliveryChannels(overnight, 23)).toEqual(['email']);
    expect(deliveryChannels(overnight, 23, true)).toEqual(['email', 'push']);
    expect(deliveryChannels(overnight, 9)).toEqual(['email', 'push']);
  });
});
