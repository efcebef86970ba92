/**
 * How one outside connection stands for a configuration, for the start log, the preflight
 * (`npm run doctor`) and the PWA's connection notice: a real provider configured, the sandbox
 * (outside production only), or missing (production without a real provider: its calls are
 * refused with a "not configured" errcode). `detail` never holds a key or a secret.
 */
export type ConnectionState = 'configured' | 'sandbox' | 'missing';

export interface ConnectionDescription {
  /** Which connection: 'checks', 'repairs', … */
  name: string;
  state: ConnectionState;
  /** One line for a person: the provider's name and host, or what to set. */
  detail: string;
}

/** The host (and port) of a provider URL: what a log may show of it (no path, no credentials). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}
