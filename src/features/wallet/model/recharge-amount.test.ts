import { describe, expect, it } from 'vitest';
import { checkRechargeAmount, normalizeRechargeInput } from './recharge-amount.ts';

const limits = { min: 100, max: 5_000_000 };

describe('normalizeRechargeInput', () => {
  it('turns a Spanish decimal comma into a dot', () => {
    expect(normalizeRechargeInput('12,5', 'es')).toBe('12.5');
    expect(normalizeRechargeInput('0,05', 'es')).toBe('0.05');
    expect(normalizeRechargeInput(',5', 'es')).toBe('0.5');
    // A second comma is a second decimal mark: the helper keeps the first one only.
    expect(normalizeRechargeInput('1,2,3', 'es')).toBe('1.23');
  });

  it('reads a comma as a thousands separator in Chinese and English', () => {
    expect(normalizeRechargeInput('1,000', 'zh')).toBe('1000');
    expect(normalizeRechargeInput('1,000.50', 'en')).toBe('1000.50');
  });

  it('applies the spec helper: strips other characters, keeps the first dot, fixes leading zeros', () => {
    expect(normalizeRechargeInput('¥ 12.30 元', 'zh')).toBe('12.30');
    expect(normalizeRechargeInput('1..2', 'en')).toBe('1.2');
    expect(normalizeRechargeInput('00', 'zh')).toBe('0.');
    expect(normalizeRechargeInput('.5', 'zh')).toBe('0.5');
    expect(normalizeRechargeInput('05', 'zh')).toBe('5');
    expect(normalizeRechargeInput('-20', 'zh')).toBe('20');
  });

  it('keeps extra decimals so the field can say what is wrong', () => {
    expect(normalizeRechargeInput('12.345', 'zh')).toBe('12.345');
    expect(normalizeRechargeInput('12,345', 'es')).toBe('12.345');
  });
});

describe('checkRechargeAmount', () => {
  it('answers the amount in fen', () => {
    expect(checkRechargeAmount('12.3', limits)).toEqual({ ok: true, fen: 1230 });
    expect(checkRechargeAmount('1', limits)).toEqual({ ok: true, fen: 100 });
    expect(checkRechargeAmount('50000', limits)).toEqual({ ok: true, fen: 5_000_000 });
    expect(checkRechargeAmount('12.', limits)).toEqual({ ok: true, fen: 1200 });
  });

  it('refuses empty text, too many decimals, and amounts out of range', () => {
    const problem = (text: string) => {
      const check = checkRechargeAmount(text, limits);
      return check.ok ? null : check.problem.id;
    };
    expect(problem('')).not.toBeNull();
    expect(problem('0.')).not.toBeNull();
    expect(problem('12.345')).not.toBeNull();
    expect(problem('12.345')).toBe(problem('1.001'));
    expect(problem('0.99')).not.toBeNull();
    expect(problem('50000.01')).not.toBeNull();
    // Each problem has its own message.
    expect(new Set([problem(''), problem('12.345'), problem('0.99'), problem('50000.01')]).size).toBe(4);
  });
});
