import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import {
  NO_SELECTION,
  isSelected,
  selectedCount,
  toDeviceSelection,
  toggleSelected,
  type Selection,
} from '../model/selection.ts';
import type { RowSelection } from './ResultsTable.tsx';

const NO_FILTER: ResultFilter = {};

/**
 * The results' selection (ResultsWorkspace.tsx): some rows by id or "all that match" the filter, as
 * the table reads it and as the bulk actions send it. What it hands out keeps its identity across
 * recounts (`npm run bench:facets`): the table and the closed modals skip those renders.
 */
export function useResultsSelection(rows: readonly DeviceResultRow[], filter: ResultFilter, matched: number) {
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const selected = selectedCount(selection, matched);
  // The matching rows' ids are only needed on a click: read from the latest rows then, so the
  // callbacks below stay the same across recounts.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  const matchingIds = useCallback(() => rowsRef.current.map((r) => r.id), []);
  const toggle = useCallback(
    (id: number) => setSelection((current) => toggleSelected(current, id, matchingIds)),
    [matchingIds],
  );
  const rowSelection = useMemo<RowSelection>(
    () => ({ isSelected: (id) => isSelected(selection, id), toggle }),
    [selection, toggle],
  );
  const deviceIds = useCallback(
    () => (selection.kind === 'matching' ? matchingIds() : [...selection.ids]),
    [selection, matchingIds],
  );
  // "All that match" goes to the server as the filter; picked ids do not depend on it.
  const selectionFilter = selection.kind === 'matching' ? filter : NO_FILTER;
  const deviceSelection = useMemo(
    () => toDeviceSelection(selection, selectionFilter),
    [selection, selectionFilter],
  );
  return { selection, setSelection, selected, rowSelection, deviceIds, deviceSelection };
}
