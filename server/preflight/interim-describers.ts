// Describers of the connections whose production behaviour other work changes: checks and repair
// status (p24-repairhttp) will export their own describeChecks / describeRepairs; until then these
// say what the code does today.
import type { ServerConfig } from '#server/config.ts';
import type { ConnectionReport } from './connection.ts';

export function describeChecksToday(config: ServerConfig): ConnectionReport {
  const http = config.checks?.http;
  if (http)
    return { name: 'checks', state: 'configured', detail: `${http.name} at ${new URL(http.url).origin}` };
  return {
    name: 'checks',
    state: 'sandbox',
    detail: `sandbox provider (${config.checks?.sandboxLatency ?? 'realistic'} latency): invented data, labelled "sandbox"`,
  };
}

export function describeRepairsToday(config: ServerConfig): ConnectionReport {
  return {
    name: 'repairs',
    state: 'sandbox',
    detail: `sandbox repair-status provider (speed x${config.repairs?.sandboxSpeed ?? 1}): invented progress, labelled "sandbox"`,
  };
}
