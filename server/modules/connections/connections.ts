// The outside connections as this server runs them (issue 24): which provider a module gets, how
// that stands (configured / sandbox / missing), and the refusal of the calls that need a missing one.
import type { ConnectionState, ConnectionStatus } from '#contract/schemas/connections.ts';
import type { EndpointName } from '#contract/endpoints.ts';
import type { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';

interface Provider {
  readonly sandbox: boolean;
}

/**
 * The provider a module may use: in production never a sandbox (its invented answers would be
 * billed as real data), so a sandbox handed in there (a test, a hand-made setup) counts as none.
 */
export function usableProvider<P extends Provider>(
  production: boolean,
  provider: P | null | undefined,
): P | null {
  if (!provider) return null;
  return production && provider.sandbox ? null : provider;
}

/**
 * configured: a real provider; missing: production without one (the calls are refused);
 * sandbox otherwise (outside production without a real provider; tests that build the app without
 * a check provider take orders whose jobs wait, and read as sandbox too).
 */
export function connectionState(production: boolean, provider: Provider | null | undefined): ConnectionState {
  const usable = usableProvider(production, provider);
  if (usable && !usable.sandbox) return 'configured';
  return production ? 'missing' : 'sandbox';
}

/**
 * The handlers named refuse with `errcode` before they read or write anything while the connection
 * is missing: no points frozen, no order, job, refresh or monitor row written.
 */
export function refuseWhenMissing(
  state: ConnectionState,
  errcode: typeof ErrCode.CHECKS_NOT_CONFIGURED | typeof ErrCode.REPAIRS_NOT_CONFIGURED,
  handlers: HandlerMap,
  names: readonly EndpointName[],
): HandlerMap {
  if (state !== 'missing') return handlers;
  const refused: Record<string, unknown> = { ...handlers };
  for (const name of names) {
    if (!handlers[name]) throw new Error(`refuseWhenMissing: no handler ${name}`);
    refused[name] = () => Promise.reject(new AppError(errcode));
  }
  // Each refusal rejects, so it fits every handler's signature.
  return refused as HandlerMap;
}

/** connection_status: the states the PWA shows up front on the screens that need them. */
export function connectionHandlers(status: ConnectionStatus): HandlerMap {
  return { connectionStatus: () => Promise.resolve(status) };
}
