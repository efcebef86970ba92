import type * as Ofetch from 'ofetch';
import type * as ErrorMessages from './error-messages.ts';
import { t } from '@lingui/core/macro';
import type { EndpointRef, RefInput, RefOutput } from '#contract/endpoint.ts';
import type { Envelope } from '#contract/envelope.ts';
import { isOfflineList } from '#contract/offline-lists.ts';
import { CACHED_AT_HEADER } from '#src/lib/offline/sw-protocol.ts';
import { onceUntilFailure } from '#src/lib/once-until-failure.ts';
import { markCachedAnswer } from './cached-answers.ts';
import { callDeadline } from './deadline.ts';
import { ApiError, DuplicateRequestError, NetworkError } from './errors.ts';
import {
  DUPLICATE_TOAST_MS,
  REQUEST_TIMEOUT_MS,
  TOAST_MS,
  envelopeOutcome,
  isDuplicateExempt,
} from './policy.ts';

export type ToastKind = 'success' | 'warning' | 'error';

/** What the app wires in at start: lib/ knows nothing of the UI or of the auth feature. */
export interface ApiClientHooks {
  notify(kind: ToastKind, message: string, durationMs: number): void;
  /** Errcode 1002: log out, then reload after 1 s. */
  onSessionExpired(): void;
  getToken(): string | null;
}

let hooks: ApiClientHooks = {
  notify: () => undefined,
  onSessionExpired: () => undefined,
  getToken: () => null,
};

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

/** Same origin unless a build for a shop running the original back end sets VITE_API_BASE. */
export const apiBase = (): string =>
  import.meta.env.VITE_API_BASE || (typeof location === 'undefined' ? '' : location.origin);

// ofetch (with ufo and destr) comes with the first call, not with the sign-in page, which calls
// nothing before the form is sent (decision 0025); preloadApiClient fetches it ahead.
const loadOfetch = onceUntilFailure<typeof Ofetch>(() => import('ofetch'));

// The translated error messages (error-messages.ts, whose texts are in the app's catalog, not the
// sign-in one) come with the first refused call, or ahead with preloadApiClient: the sign-in page's
// first load does not need them (decision 0025). The form's focus fetches that catalog anyway.
const loadMessages = onceUntilFailure<typeof ErrorMessages>(async () => {
  const module = await import('./error-messages.ts');
  await module.loadErrorMessages();
  return module;
});

/** The message to show for a refused call; the server's own if the translations cannot be fetched. */
async function warningFor(errcode: number, msg: string, datas: unknown): Promise<string> {
  try {
    return (await loadMessages()).localizedErrorMessage(errcode, msg, datas);
  } catch {
    return msg;
  }
}

/**
 * Fetches the HTTP client's code and the error messages ahead of the first call (the sign-in form's
 * focus, a signed-in start).
 */
export function preloadApiClient(): void {
  loadOfetch().catch(() => undefined);
  loadMessages().catch(() => undefined);
}

const inFlight = new Set<string>();

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return !!value && typeof value === 'object' && typeof (value as { errcode?: unknown }).errcode === 'number';
}

export interface CallOptions {
  signal?: AbortSignal;
  /** false: a 1002 answer only throws; the caller handles it (the route guard does). */
  handleSessionExpiry?: boolean;
  /**
   * A call the user did not make just now (the outbox replaying): transport failures and the offline
   * warning are not toasted, the caller shows the outcome in its own place.
   */
  background?: boolean;
  /**
   * The caller shows every failure in its own place (the sign-in form, next to its fields): no warning
   * or error toast, so a failure is not said twice (issue 27). Session expiry is still handled.
   */
  ownErrors?: boolean;
}

/** A service worker controls the page: it may answer an allow-listed list from its offline cache. */
const swMayAnswer = (path: string): boolean =>
  isOfflineList(path) && typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/**
 * The one way the PWA calls the API: POST with the token header, a 120 s time-out and the spec's
 * errcode policy (section 8). Answers `datas`, or throws ApiError / NetworkError /
 * DuplicateRequestError after telling the user what the spec says to tell.
 */
export async function callApi<E extends EndpointRef>(
  endpoint: E,
  input: RefInput<E>,
  options: CallOptions = {},
): Promise<RefOutput<E>> {
  const url = `${apiBase()}${endpoint.path}`;
  let warned = false;
  const toasts = !options.background && !options.ownErrors;
  const warnOffline = () => {
    if (toasts && !warned) hooks.notify('warning', t`Please check your network connection`, TOAST_MS);
    warned = true;
  };
  if (isOffline()) {
    warnOffline();
    // Offline, a list the service worker keeps may still open from its cache; anything else stops here.
    if (!swMayAnswer(endpoint.path)) throw new NetworkError('offline', true);
  }

  const body = input ?? {};
  const key = `${url}\n${JSON.stringify(body)}`;
  if (!isDuplicateExempt(url)) {
    if (inFlight.has(key)) {
      if (!options.ownErrors)
        hooks.notify('warning', t`Request in progress, please wait...`, DUPLICATE_TOAST_MS);
      throw new DuplicateRequestError(url);
    }
    inFlight.add(key);
    // A cancelled call (react-query cancels a refetch to start a newer one) is no longer in flight:
    // the newer call must not be refused as its duplicate.
    options.signal?.addEventListener('abort', () => inFlight.delete(key), { once: true });
  }

  const token = hooks.getToken();
  let answer: unknown;
  let cachedAt: number | null = null;
  // Page queries pass react-query's signal, forms none: both end at 120 s (spec section 9).
  const deadline = callDeadline(options.signal, REQUEST_TIMEOUT_MS);
  try {
    // Its code not fetched (offline before the service worker cached it): a transport failure.
    const { ofetch } = await loadOfetch();
    const response = await ofetch.raw(url, {
      method: 'POST',
      body,
      headers: token ? { token } : {},
      query: endpoint.tokenInQuery && token ? { token } : undefined,
      retry: 0,
      // Error statuses still carry the envelope: read it instead of throwing.
      ignoreResponseError: true,
      signal: deadline.signal,
    });
    answer = response._data;
    const header = response.headers.get(CACHED_AT_HEADER);
    if (header) cachedAt = Number(header);
  } catch (err) {
    if (options.signal?.aborted) throw err;
    if (isOffline()) {
      warnOffline();
      throw new NetworkError('offline', true);
    }
    if (toasts) hooks.notify('error', t`Request timed out`, TOAST_MS);
    throw new NetworkError(err instanceof Error ? err.message : 'transport error', false);
  } finally {
    deadline.clear();
    inFlight.delete(key);
  }

  if (!isEnvelope(answer)) {
    if (toasts) hooks.notify('error', t`Request timed out`, TOAST_MS);
    throw new NetworkError('not an envelope', false);
  }
  const outcome = envelopeOutcome(answer.errcode, answer.msg);
  switch (outcome.kind) {
    case 'ok':
      if (outcome.toast) hooks.notify('success', outcome.toast, TOAST_MS);
      if (cachedAt !== null) markCachedAnswer(answer.datas, cachedAt);
      return answer.datas as RefOutput<E>;
    case 'session-expired':
      if (options.handleSessionExpiry !== false) hooks.onSessionExpired();
      break;
    case 'warn':
      if (!options.ownErrors)
        hooks.notify('warning', await warningFor(answer.errcode, answer.msg, answer.datas), TOAST_MS);
      break;
    case 'silent':
      break;
  }
  throw new ApiError(answer.errcode, answer.msg, answer.datas);
}
