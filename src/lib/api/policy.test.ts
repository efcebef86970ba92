import { describe, expect, it } from 'vitest';
import { envelopeOutcome, isDuplicateExempt } from './policy.ts';

describe('envelopeOutcome (spec section 8)', () => {
  it('toasts success only for a msg other than empty, 成功 or 获取成功', () => {
    expect(envelopeOutcome(0, '')).toEqual({ kind: 'ok', toast: null });
    expect(envelopeOutcome(0, '成功')).toEqual({ kind: 'ok', toast: null });
    expect(envelopeOutcome(0, '获取成功')).toEqual({ kind: 'ok', toast: null });
    expect(envelopeOutcome(0, '保存成功')).toEqual({ kind: 'ok', toast: '保存成功' });
  });
  it('keeps 1012 and 50086 silent', () => {
    expect(envelopeOutcome(1012, 'x')).toEqual({ kind: 'silent' });
    expect(envelopeOutcome(50086, 'x')).toEqual({ kind: 'silent' });
  });
  it('treats 1002 as session expiry and any other code as a warning with msg', () => {
    expect(envelopeOutcome(1002, 'x')).toEqual({ kind: 'session-expired' });
    expect(envelopeOutcome(2002, '密码错误')).toEqual({ kind: 'warn', msg: '密码错误' });
  });
});

describe('isDuplicateExempt (spec section 5)', () => {
  it('exempts service_group, combo_list, today_schedule_change and get_user', () => {
    for (const url of [
      '/api/x/service_group',
      '/api/x/combo_list',
      '/api/x/today_schedule_change',
      '/api/user/get_user?token=1',
    ]) {
      expect(isDuplicateExempt(url)).toBe(true);
    }
    expect(isDuplicateExempt('/api/login/login')).toBe(false);
  });
});
