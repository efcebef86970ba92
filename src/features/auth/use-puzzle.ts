import { useEffect, useState } from 'react';
import type { Tncode } from '#contract/schemas/auth.ts';
import { fetchPuzzle } from './api/auth-api.ts';

/** The sign-in puzzle as the modal shows it: there, failed (with a retry), or on its way. */
export interface PuzzleState {
  data: Tncode | undefined;
  isError: boolean;
  refetch(): void;
}

/**
 * Fetches a fresh puzzle for each attempt while `enabled` (the modal is open); a puzzle is single use,
 * so nothing is kept. Plain state, not react-query: the sign-in page has no query client (decision 0025).
 */
export function usePuzzle(attempt: number, enabled: boolean): PuzzleState {
  const [retry, setRetry] = useState(0);
  const key = `${attempt}:${retry}`;
  // The answer for one request (by its key): an answer for an older attempt is never shown.
  const [answer, setAnswer] = useState<{ key: string; data?: Tncode; failed: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchPuzzle(controller.signal).then(
      (data) => setAnswer({ key, data, failed: false }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, failed: true });
      },
    );
    return () => controller.abort();
  }, [key, enabled]);
  const current = enabled && answer?.key === key ? answer : null;
  return {
    data: current?.data,
    isError: current?.failed ?? false,
    refetch: () => setRetry((r) => r + 1),
  };
}
