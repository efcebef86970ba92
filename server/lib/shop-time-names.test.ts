import { describe, expect, it } from 'vitest';
import { exportFileName } from '#server/modules/exports/export-service.ts';
import { newOrderNo } from '#server/modules/wallet/recharge-repository.ts';

// Issue 27: file names and order numbers used the server's UTC date while screens use the shop's.
describe('names and numbers on the shop clock', () => {
  const at = Date.parse('2026-11-26T23:30:15Z'); // 07:30 on 27 Nov in Shanghai

  it('names an export by the shop time', () => {
    expect(exportFileName('四月送修', 7, at)).toBe('四月送修-20261127-0730.xlsx');
    expect(exportFileName('', 7, at, 'Europe/Madrid')).toBe('order-7-20261127-0030.xlsx');
  });

  it('numbers a recharge order by the shop time', () => {
    expect(newOrderNo(at)).toMatch(/^R20261127073015[0-9A-Z]{12}$/);
    expect(newOrderNo(at, 'America/Mexico_City')).toMatch(/^R20261126173015/);
  });
});
