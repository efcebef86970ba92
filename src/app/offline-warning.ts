import { t } from '@lingui/core/macro';

/**
 * The design card's online listener: the browser's `offline` event itself raises the
 * '请检查网络状态' warning (spec section 8), not only the next call that fails. Answers a function
 * that removes the listener.
 */
export function warnWhenOffline(
  notify: (kind: 'warning', message: string) => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onOffline = () => notify('warning', t`Please check your network connection`);
  target.addEventListener('offline', onOffline);
  return () => target.removeEventListener('offline', onOffline);
}
