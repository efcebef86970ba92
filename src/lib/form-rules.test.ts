import { describe, expect, it } from 'vitest';
import { confirmProblem, newPasswordProblem, phoneProblem, smsCodeProblem } from './form-rules.ts';

describe('account form rules', () => {
  it('new password: 8-64 characters, letters and digits, no outer spaces', () => {
    expect(newPasswordProblem('')).not.toBeNull();
    expect(newPasswordProblem('abc123')).not.toBeNull();
    expect(newPasswordProblem('abcdefgh')).not.toBeNull();
    expect(newPasswordProblem('12345678')).not.toBeNull();
    expect(newPasswordProblem(' abcd1234')).not.toBeNull();
    expect(newPasswordProblem('a1'.repeat(33))).not.toBeNull();
    expect(newPasswordProblem('abcd1234')).toBeNull();
  });
  it('confirmation must match', () => {
    expect(confirmProblem('abcd1234', 'abcd1235')).not.toBeNull();
    expect(confirmProblem('abcd1234', 'abcd1234')).toBeNull();
  });
  it('phone and code', () => {
    expect(phoneProblem('12345678901')).not.toBeNull();
    expect(phoneProblem('13812345678')).toBeNull();
    expect(smsCodeProblem('12345')).not.toBeNull();
    expect(smsCodeProblem('123456')).toBeNull();
  });
});
