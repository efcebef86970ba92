import { describe, expect, it } from 'vitest';
import { INTAKE_LINES_MAX } from '#contract/values/repairs-intake.ts';
import {
  NO_FILTERS,
  identOf,
  intakeReason,
  listInputOf,
  parseIntakeText,
  sheetRowsToIntakeText,
} from './model.ts';

describe('parseIntakeText', () => {
  it('makes one line per non-empty line and flags malformed repair ids early', () => {
    const draft = parseIntakeText('F2LXK1ABHG7F G123456789 王 13800138000\n\n  \nC39XQ2ABJC6M X12345678\n');
    expect(draft.lines).toHaveLength(2);
    expect(draft.lines[0]).toMatchObject({
      ident: 'F2LXK1ABHG7F',
      repair_ids: ['G123456789'],
      customer_name: '王',
      customer_phone: '13800138000',
    });
    expect(draft.badRepairIds).toEqual([{ line: 2, id: 'X12345678' }]);
    expect(draft.dropped).toBe(0);
  });

  it('accepts lower-case repair ids and drops lines past the contract maximum', () => {
    expect(parseIntakeText('F2LXK1ABHG7F g123456789').badRepairIds).toEqual([]);
    const many = Array.from({ length: INTAKE_LINES_MAX + 3 }, () => 'F2LXK1ABHG7F').join('\n');
    const draft = parseIntakeText(many);
    expect(draft.lines).toHaveLength(INTAKE_LINES_MAX);
    expect(draft.dropped).toBe(3);
  });
});

describe('sheetRowsToIntakeText', () => {
  it('turns rows (empty cells, a header row) into tab-separated lines', () => {
    expect(
      sheetRowsToIntakeText([
        ['IMEI', '维修单号', '客户'],
        ['F2LXK1ABHG7F', 'G123456789', '', '王'],
        [],
        ['C39XQ2ABJC6M', 'R000000001'],
      ]),
    ).toBe('F2LXK1ABHG7F\tG123456789\t王\nC39XQ2ABJC6M\tR000000001');
    expect(sheetRowsToIntakeText([['352099001761481', 'R123456789']])).toBe('352099001761481\tR123456789');
  });
});

describe('listInputOf', () => {
  it('sends only the filters that are set', () => {
    expect(listInputOf(NO_FILTERS, 1, 100)).toEqual({ page: 1, page_size: 100, keyword: '' });
    expect(
      listInputOf(
        {
          batchId: 3,
          progress: ['repairing'],
          badge: ['stored'],
          watched: true,
          changedToday: true,
          keyword: ' x ',
        },
        2,
        50,
      ),
    ).toEqual({
      page: 2,
      page_size: 50,
      keyword: 'x',
      batch_id: 3,
      progress: ['repairing'],
      badge: ['stored'],
      watched: true,
      changed_today: true,
    });
  });
});

describe('intakeReason and identOf', () => {
  it('words known reasons and passes unknown ones through', () => {
    expect(typeof intakeReason('repair_id_invalid')).toBe('object');
    expect(intakeReason('something_new')).toBe('something_new');
    expect(intakeReason('toString')).toBe('toString');
  });
  it('prefers the SN', () => {
    expect(identOf({ sn: 'F2LXK1ABHG7F', imei: '356789012345678' })).toBe('F2LXK1ABHG7F');
    expect(identOf({ sn: null, imei: '356789012345678' })).toBe('356789012345678');
  });
});
