import { describe, expect, it } from 'vitest';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import {
  DEFAULT_EXPORT_COLUMNS,
  DEFAULT_TABLE_COLUMNS,
  KEY_TABLE_COLUMNS,
  RESULT_COLUMNS,
  checkColumnIds,
} from './checks-columns.ts';

describe('the result column catalogue', () => {
  it('gives every label the id Lingui generates for its message (so both sides share translations)', () => {
    for (const column of RESULT_COLUMNS) {
      expect(column.label.id, column.id).toBe(generateMessageId(column.label.message));
    }
  });

  it('has unique ids and sensible defaults', () => {
    const ids = RESULT_COLUMNS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(DEFAULT_TABLE_COLUMNS).toContain('sn');
    expect(DEFAULT_TABLE_COLUMNS.length).toBeLessThan(DEFAULT_EXPORT_COLUMNS.length);
    expect(DEFAULT_EXPORT_COLUMNS).toEqual(ids);
  });

  it('puts the status, device, model, warranty and locks first, every table column once (issue 27)', () => {
    expect(DEFAULT_TABLE_COLUMNS.slice(0, KEY_TABLE_COLUMNS.length)).toEqual([
      'status',
      'imei',
      'model',
      'warranty_type',
      'activation_lock',
      'network_lock',
    ]);
    expect(new Set(DEFAULT_TABLE_COLUMNS).size).toBe(DEFAULT_TABLE_COLUMNS.length);
    expect([...DEFAULT_TABLE_COLUMNS].sort()).toEqual(
      RESULT_COLUMNS.filter((c) => c.table)
        .map((c) => c.id)
        .sort(),
    );
  });

  it('names unknown ids and drops repeats', () => {
    expect(checkColumnIds(['sn', 'nope', 'imei', 'sn', 'nope'])).toEqual({
      unknown: ['nope'],
      ids: ['sn', 'imei'],
    });
  });
});
