import type { ServerConfig } from '#server/config.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
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
 * CHECKS_PROVIDER_KEY are set, else the sandbox (CHECKS_SANDBOX_LATENCY: realistic or zero), whose
 * results are marked as sandbox data. Unlike WeChat login, production without a real provider still
 * gets the sandbox: demos run in production mode, and no result can pass for real data.
 */
export function selectCheckProvider(
  config: Pick<ServerConfig, 'checks'>,
  clock: Clock = systemClock,
): CheckProvider {
  if (config.checks?.http) return new HttpCheckProvider(config.checks.http);
  return new SandboxCheckProvider({ latency: config.checks?.sandboxLatency ?? 'realistic', clock });
}
