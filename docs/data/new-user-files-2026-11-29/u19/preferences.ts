export type Channel = 'email' | 'sms' | 'push';

export interface QuietHours {
  start: number;
  end: number;
}

export interface Preferences {
  channels: Record<Channel, boolean>;
  quietHours: QuietHours | null;
  digest: 'off' | 'daily' | 'weekly';
}

export interface PreferenceOptions {
  enable?: Channel[];
  mute?: Channel[];
  quietHours?: QuietHours | null;
  digest?: Preferences['digest'];
}

export const DEFAULT_PREFERENCES: Preferences = {
  channels: { email: true, sms: false, push: true },
  quietHours: null,
  digest: 'daily',
};

export function buildPreferences(options: PreferenceOptions = {}): Preferences {
  const channels = DEFAULT_PREFERENCES.channels;
  for (const channel of options.enable ?? []) channels[channel] = true;
  for (const channel of options.mute ?? []) channels[channel] = false;
  return {
    channels,
    quietHours: options.quietHours ?? DEFAULT_PREFERENCES.quietHours,
    digest: options.digest ?? DEFAULT_PREFERENCES.digest,
  };
}

export function inQuietHours(prefs: Preferences, hour: number): boolean {
  const quiet = prefs.quietHours;
  if (!quiet) return false;
  if (quiet.start <= quiet.end) return hour >= quiet.start && hour < quiet.end;
  return hour >= quiet.start || hour < quiet.end;
}

export function deliveryChannels(prefs: Preferences, hour: number, urgent = false): Channel[] {
  const enabled = (Object.keys(prefs.channels) as Channel[]).filter((c) => prefs.channels[c]);
  if (urgent || !inQuietHours(prefs, hour)) return enabled;
  return enabled.filter((c) => c === 'email');
}
