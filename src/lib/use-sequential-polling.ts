import { useEffect, useRef } from 'react';

/**
 * Polls one call at a time while `active`: wait, call, handle the answer, wait again. Never two
 * calls in flight (an interval timer would overlap on a slow network, and a late answer could undo
 * a newer one). `onAnswer` returns true to stop. The latest callbacks are used without restarting.
 */
export function useSequentialPolling<T>(
  active: boolean,
  intervalMs: number,
  poll: () => Promise<T>,
  onAnswer: (answer: T) => boolean,
  onError: (err: unknown) => void,
): void {
  const callbacks = useRef({ poll, onAnswer, onError });
  useEffect(() => {
    callbacks.current = { poll, onAnswer, onError };
  });

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const loop = async () => {
      while (!stopped) {
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
        if (stopped) return;
        try {
          const answer = await callbacks.current.poll();
          if (stopped) return;
          if (callbacks.current.onAnswer(answer)) return;
        } catch (err) {
          if (!stopped) callbacks.current.onError(err);
          return;
        }
      }
    };
    void loop();
    return () => {
      stopped = true;
    };
  }, [active, intervalMs]);
}
