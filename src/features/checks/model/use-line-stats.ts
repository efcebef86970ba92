import { useEffect, useState } from 'react';
import { EMPTY_STATS, computeLineStats, type LineStats } from './line-stats.ts';

/** Pause after the last keystroke before the text is checked again. */
export const LINE_STATS_DEBOUNCE_MS = 200;

/** The live line statistics of a paste box: recomputed (in chunks) shortly after each change. */
export function useLineStats(
  text: string,
  existing?: ReadonlySet<string>,
): { stats: LineStats; pending: boolean } {
  const [state, setState] = useState<{ stats: LineStats; text: string | null }>({
    stats: EMPTY_STATS,
    text: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      computeLineStats(text, { existing, signal: controller.signal }).then(
        (stats) => {
          if (!controller.signal.aborted) setState({ stats, text });
        },
        () => undefined, // aborted: a newer text is being checked
      );
    }, LINE_STATS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, existing]);
  return {
    stats: text.trim() ? state.stats : EMPTY_STATS,
    pending: state.text !== text && text.trim() !== '',
  };
}
