import { describe, expect, it } from 'vitest';
import { signedPoints } from './ledger-model.ts';

describe('signedPoints', () => {
  it('shows hundredths as points with their sign', () => {
    expect(signedPoints(1230)).toBe('+12.30');
    expect(signedPoints(-5)).toBe('-0.05');
    expect(signedPoints(0)).toBe('0.00');
    expect(signedPoints(-100000)).toBe('-1000.00');
  });
});
