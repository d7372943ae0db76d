/** Process-wide settings of the guarded client, set once at boot. */
interface Settings {
  allowPrivateNetwork: boolean;
  userAgent: string;
  connectionsPerOrigin: number;
}

export const settings: Settings = {
  allowPrivateNetwork: false,
  userAgent: 'DocentBot/1.0',
  connectionsPerOrigin: 16,
};

/** Called once at boot with the validated environment. */
export function configureSafeFetch(opts: {
  allowPrivateNetwork: boolean;
  publicUrl?: string;
  connectionsPerOrigin?: number;
}): void {
  settings.allowPrivateNetwork = opts.allowPrivateNetwork;
  settings.userAgent = opts.publicUrl ? `DocentBot/1.0 (+${opts.publicUrl})` : 'DocentBot/1.0';
  if (opts.connectionsPerOrigin) settings.connectionsPerOrigin = opts.connectionsPerOrigin;
}

export function userAgent(): string {
  return settings.userAgent;
}
