import type { ResultFilter } from '#contract/results-filter/filter.ts';
import type { DeviceSelection } from '#contract/schemas/checks-derive.ts';

/**
 * The rows picked for a bulk action: some devices by id, or every device that matches the current
 * filters (which then follows the filters, and goes to the server as the filter itself).
 */
export type Selection = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'matching' };

export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set() };

export function selectedCount(selection: Selection, matched: number): number {
  return selection.kind === 'matching' ? matched : selection.ids.size;
}

/** Toggles one row; in "all that match" mode it becomes the matching rows but that one. */
export function toggleSelected(selection: Selection, id: number, matchingIds: () => number[]): Selection {
  const ids = new Set(selection.kind === 'matching' ? matchingIds() : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'ids', ids };
}

export function isSelected(selection: Selection, id: number): boolean {
  // In "matching" mode every shown row matches.
  return selection.kind === 'matching' || selection.ids.has(id);
}

export function toDeviceSelection(selection: Selection, filter: ResultFilter): DeviceSelection {
  return selection.kind === 'matching' ? { filter } : { device_ids: [...selection.ids] };
}
