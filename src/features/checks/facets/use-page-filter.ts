import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeFilter, type ResultFilter } from '#contract/results-filter/filter.ts';

/** Quiet time after the last change before the URL is written (one navigation per burst). */
export const URL_WRITE_DELAY_MS = 250;

/** The same filter gives the same text, whatever the order of its keys. */
function filterKey(filter: ResultFilter): string {
  return JSON.stringify(Object.entries(normalizeFilter(filter)).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The results' filter as the page uses it: a change applies at once in page state (counting and the
 * table follow without waiting for the router), and the URL (the route's, for sharing and reloads)
 * is written after a quiet moment. A router navigation and the re-render of the whole route per
 * click or keystroke was most of the time of a recount (`npm run bench:facets`, `bench:table`).
 * A URL change that is not our own write (Back, a shared link) replaces the page's filter.
 */
export function usePageFilter(
  fromUrl: ResultFilter,
  writeUrl: (next: ResultFilter) => void,
): [ResultFilter, (next: ResultFilter) => void] {
  const [filter, setFilter] = useState(fromUrl);
  const [urlSeen, setUrlSeen] = useState(fromUrl);
  // The text of the filter the URL has or is about to get from us.
  const [written, setWritten] = useState(() => filterKey(fromUrl));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const writeRef = useRef(writeUrl);
  useEffect(() => {
    writeRef.current = writeUrl;
  }, [writeUrl]);

  if (urlSeen !== fromUrl) {
    setUrlSeen(fromUrl);
    const key = filterKey(fromUrl);
    if (key !== written) {
      setWritten(key);
      setFilter(fromUrl);
    }
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = useCallback((next: ResultFilter) => {
    setFilter(next);
    setWritten(filterKey(next));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      writeRef.current(next);
    }, URL_WRITE_DELAY_MS);
  }, []);

  return [filter, change];
}
