import { hostname } from 'node:os';

/**
 * Which process this is, in every log line and in the health answers: REPAIROPS_INSTANCE when the
 * cluster launcher (scripts/start-cluster.ts) or the operator names it, else host and pid.
 */
export function instanceId(): string {
  return process.env.REPAIROPS_INSTANCE || `${hostname()}-${process.pid}`;
}
