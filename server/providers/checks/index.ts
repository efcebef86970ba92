import type { ServerConfig } from '#server/config.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import { hostOf, type ConnectionDescription } from '../connection.ts';
import { HttpCheckProvider } from './http.ts';
import type { CheckProvider } from './provider.ts';
import { SandboxCheckProvider } from './sandbox.ts';

export type { CheckProvider, CheckRequest, DeviceFacts, PollAnswer, SubmitAnswer } from './provider.ts';
export { CheckTransportError } from './provider.ts';
export { SANDBOX_MAGIC_EXAMPLES, SANDBOX_REASONS, SandboxCheckProvider } from './sandbox.ts';
export type { SandboxCheckOptions } from './sandbox.ts';
export { HttpCheckProvider, deviceFactsSchema } from './http.ts';
export { SANDBOX_COSTS, SERVICE_FIELDS } from './sandbox-facts.ts';

/**
 * The provider the configuration asks for: the reseller's HTTP API when CHECKS_PROVIDER_URL and
 * CHECKS_PROVIDER_KEY are set; else the sandbox outside production (CHECKS_SANDBOX_LATENCY:
 * realistic or zero), whose results are marked as sandbox data; else, in production, none: every
 * call that would run a check answers CHECKS_NOT_CONFIGURED (issue 24: a shop must never be billed
 * for invented data), and no job runner is built.
 */
export function selectCheckProvider(
  config: Pick<ServerConfig, 'checks' | 'production'>,
  clock: Clock = systemClock,
): CheckProvider | null {
  if (config.checks?.http) return new HttpCheckProvider(config.checks.http);
  if (config.production) return null;
  return new SandboxCheckProvider({ latency: config.checks?.sandboxLatency ?? 'realistic', clock });
}

/** The device-check connection as selectCheckProvider will make it (no key in it). */
export function describeChecks(config: Pick<ServerConfig, 'checks' | 'production'>): ConnectionDescription {
  const http = config.checks?.http;
  if (http)
    return {
      name: 'checks',
      state: 'configured',
      detail: `${http.name} at ${hostOf(http.url)} (CHECKS_PROVIDER_URL, key set)`,
    };
  if (config.production)
    return {
      name: 'checks',
      state: 'missing',
      detail:
        'no device-check provider: set CHECKS_PROVIDER_URL and CHECKS_PROVIDER_KEY; check orders and ID-lock / network-lock monitors are refused',
    };
  return {
    name: 'checks',
    state: 'sandbox',
    detail: `sandbox device checks (${config.checks?.sandboxLatency ?? 'realistic'} latency), results marked as sandbox data`,
  };
}
