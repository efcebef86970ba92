import { ConfigError } from './config-error.ts';

/** A repair-status provider's HTTP API (server/providers/repairs/http.ts, docs/providers.md). */
export interface RepairsHttpConfig {
  /** REPAIRS_PROVIDER_NAME (default the URL's host): recorded with every status it gives. */
  name: string;
  /** REPAIRS_PROVIDER_URL, absolute, without a trailing slash. */
  url: string;
  /** REPAIRS_PROVIDER_KEY, sent as a bearer token. */
  key: string;
}

/**
 * REPAIRS_PROVIDER_URL, REPAIRS_PROVIDER_KEY and REPAIRS_PROVIDER_NAME, read like the check
 * provider's (server/config.ts): URL and key together or neither; undefined: no real provider
 * (the sandbox outside production; repair refreshes and monitors refused in production).
 */
export function repairsProviderConfig(env: NodeJS.ProcessEnv): RepairsHttpConfig | undefined {
  const url = (env.REPAIRS_PROVIDER_URL?.trim() ?? '').replace(/\/+$/, '');
  const key = env.REPAIRS_PROVIDER_KEY?.trim() ?? '';
  const name = env.REPAIRS_PROVIDER_NAME?.trim() ?? '';
  if (!url && !key && !name) return undefined;
  if (!url || !key)
    throw new ConfigError(
      'REPAIRS_PROVIDER_URL and REPAIRS_PROVIDER_KEY go together: set both (or neither for the sandbox)',
    );
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
    host = parsed.host;
  } catch {
    throw new ConfigError('REPAIRS_PROVIDER_URL must be an absolute http(s) URL');
  }
  if (name.toLowerCase() === 'sandbox')
    throw new ConfigError('REPAIRS_PROVIDER_NAME "sandbox" is reserved for the sandbox provider');
  return { name: name || host, url, key };
}
