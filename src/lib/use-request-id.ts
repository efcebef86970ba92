import { useCallback, useMemo, useRef } from 'react';
import { newRequestId } from '#src/lib/offline/outbox.ts';

/**
 * One request_id per distinct write a form submits. Sending the same body again (the answer was lost
 * to a time-out and the user presses submit once more) reuses its id, so the server answers the
 * first result instead of applying the write twice (freezing points twice, say). A changed body, or
 * the same body after `done()` (the write succeeded and the user deliberately repeats it), gets a new id.
 */
export function useRequestId() {
  const last = useRef<{ key: string; id: string } | null>(null);
  const idFor = useCallback((body: unknown): string => {
    const key = JSON.stringify(body);
    if (last.current?.key !== key) last.current = { key, id: newRequestId() };
    return last.current.id;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return useMemo(() => ({ idFor, done }), [idFor, done]);
}
