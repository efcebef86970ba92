import { describe, expect, it } from 'vitest';
import { RESULT_COLUMN_IDS } from '#contract/values/checks-columns.ts';
import { choiceRows, chosenIds, moveRow, toggleRow } from './column-choice.ts';

describe('column choice', () => {
  it('lists every column once, the chosen first in their order', () => {
    const rows = choiceRows(['imei', 'sn', 'gone']);
    expect(rows).toHaveLength(RESULT_COLUMN_IDS.length);
    expect(rows.slice(0, 3)).toEqual([
      { id: 'imei', on: true },
      { id: 'sn', on: true },
      { id: 'status', on: false },
    ]);
    expect(chosenIds(rows)).toEqual(['imei', 'sn']);
  });

  it('toggles and moves', () => {
    let rows = choiceRows(['imei', 'sn']);
    rows = moveRow(rows, 'sn', -1);
    expect(chosenIds(rows)).toEqual(['sn', 'imei']);
    expect(moveRow(rows, 'sn', -1)).toEqual(rows);
    rows = toggleRow(rows, 'model');
    expect(chosenIds(rows)).toEqual(['sn', 'imei', 'model']);
    expect(chosenIds(toggleRow(rows, 'sn'))).toEqual(['imei', 'model']);
  });
});
