import type { ServerConfig } from '#server/config.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import { hostOf, type ConnectionDescription } from '../connection.ts';
import { HttpRepairProvider } from './http.ts';
import type { RepairStatusProvider } from './provider.ts';
import { SandboxRepairProvider } from './sandbox.ts';

/**
 * The repair-status provider the configuration asks for: the HTTP API when REPAIRS_PROVIDER_URL and
 * REPAIRS_PROVIDER_KEY are set; else the sandbox outside production (REPAIR_SANDBOX_SPEED,
 * CHECKS_SANDBOX_LATENCY), whose answers are marked as sandbox data; else, in production, none:
 * repair refreshes and monitor watches answer REPAIRS_NOT_CONFIGURED, and nothing asks a sandbox
 * for data a shop would take as real.
 */
export function selectRepairProvider(
  config: Pick<ServerConfig, 'production' | 'checks' | 'repairs'>,
  clock: Clock = systemClock,
): RepairStatusProvider | null {
  if (config.repairs?.http) return new HttpRepairProvider(config.repairs.http);
  if (config.production) return null;
  return new SandboxRepairProvider({
    latency: config.checks?.sandboxLatency ?? 'realistic',
    speed: config.repairs?.sandboxSpeed ?? 1,
    clock,
  });
}

/** The repair-status connection as selectRepairProvider will make it (no key in it). */
export function describeRepairs(config: Pick<ServerConfig, 'production' | 'repairs'>): ConnectionDescription {
  const http = config.repairs?.http;
  if (http)
    return {
      name: 'repairs',
      state: 'configured',
      detail: `${http.name} at ${hostOf(http.url)} (REPAIRS_PROVIDER_URL, key set)`,
    };
  if (config.production)
    return {
      name: 'repairs',
      state: 'missing',
      detail:
        'no repair-status provider: set REPAIRS_PROVIDER_URL and REPAIRS_PROVIDER_KEY; repair refreshes and monitors are refused',
    };
  return {
    name: 'repairs',
    state: 'sandbox',
    detail: `sandbox repair status (speed x${config.repairs?.sandboxSpeed ?? 1}), answers marked as sandbox data`,
  };
}
