import { describe, expect, it } from 'vitest';
import { NO_SELECTION, isSelected, selectedCount, toDeviceSelection, toggleSelected } from './selection.ts';

describe('selection', () => {
  it('toggles ids and counts them', () => {
    const one = toggleSelected(NO_SELECTION, 7, () => []);
    expect(selectedCount(one, 100)).toBe(1);
    expect(isSelected(one, 7)).toBe(true);
    expect(
      selectedCount(
        toggleSelected(one, 7, () => []),
        100,
      ),
    ).toBe(0);
    expect(toDeviceSelection(one, { model: ['x'] })).toEqual({ device_ids: [7] });
  });

  it('"all that match" counts the matches, goes as the filter, and unticking one keeps the rest', () => {
    const all = { kind: 'matching' } as const;
    expect(selectedCount(all, 42)).toBe(42);
    expect(toDeviceSelection(all, { colour: ['Blue'] })).toEqual({ filter: { colour: ['Blue'] } });
    const but = toggleSelected(all, 2, () => [1, 2, 3]);
    expect(toDeviceSelection(but, {})).toEqual({ device_ids: [1, 3] });
  });
});
