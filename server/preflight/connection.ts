/**
 * One outside connection as the preflight reports it (`npm run doctor`, and one log line each at a
 * production start): configured (a real one), sandbox (local, invented, labelled; never in
 * production) or missing (production refuses what needs it, with a precise "not configured" answer).
 * `detail` names what is used and what follows, never a key, a password or a URL's credentials.
 */
export type ConnectionState = 'configured' | 'sandbox' | 'missing';

export interface ConnectionReport {
  name: string;
  state: ConnectionState;
  detail: string;
}
