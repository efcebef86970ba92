import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './recharge-states.ts';

describe('payment countdown', () => {
  it('counts whole seconds down to the expiry and stops at zero', () => {
    expect(secondsLeft(1000, 990_000)).toBe(10);
    expect(secondsLeft(1000, 990_500)).toBe(10);
    expect(secondsLeft(1000, 1_000_000)).toBe(0);
    expect(secondsLeft(1000, 2_000_000)).toBe(0);
  });
  it('shows minutes and seconds', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
  });
});
