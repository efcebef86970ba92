import { describe, expect, it } from 'vitest';
import { computeLineStats } from './line-stats.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { DUPLICATE_REASONS, REJECT_REASONS, firstRejects } from './reject-reasons.ts';

const noYield = () => Promise.resolve();

describe('computeLineStats', () => {
  const good = imeiWithCheckDigit('35209900176148');
  const badLuhn = good.slice(0, 14) + String((Number(good[14]) + 1) % 10);

  it('counts valid, invalid and duplicate lines, each rejected one with its reason', async () => {
    const text = [good, 'F2LXK1ABHG7F', badLuhn, 'F2LOK1ABHG7F', '12345', good, 'f2lxk1abhg7f'].join('\n');
    const stats = await computeLineStats(text, { yieldToBrowser: noYield });
    expect(stats.total).toBe(7);
    expect(stats.valid.map((v) => v.value)).toEqual([good, 'F2LXK1ABHG7F']);
    expect(stats.invalid.map((r) => [r.line, r.reason])).toEqual([
      [3, 'bad_check_digit'],
      [4, 'sn_letter_o_or_i'],
      [5, 'bad_length'],
    ]);
    expect(stats.duplicates.map((d) => [d.line, d.of])).toEqual([
      [6, 'input'],
      [7, 'input'],
    ]);
  });

  it('finds duplicates across chunks and tells them from devices already in the order', async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => imeiWithCheckDigit(String(35209900000000 + i)));
    lines.push(lines[3] as string, lines[11_000] as string);
    const existing = new Set([lines[7] as string]);
    const stats = await computeLineStats(lines.join('\n'), { existing, yieldToBrowser: noYield });
    expect(stats.valid).toHaveLength(11_999);
    expect(stats.duplicates.map((d) => [d.line, d.of])).toEqual([
      [8, 'order'],
      [12_001, 'input'],
      [12_002, 'input'],
    ]);
  });

  it('yields between chunks and stops when aborted', async () => {
    const text = Array.from({ length: 20_000 }, () => 'F2LXK1ABHG7F').join('\n');
    const controller = new AbortController();
    let yields = 0;
    const run = computeLineStats(text, {
      signal: controller.signal,
      yieldToBrowser: async () => {
        yields++;
        controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(yields).toBe(1);
  });

  it('more than 100,000 lines: only the first 100,000 are checked and the batch is marked', async () => {
    const text = 'F2LXK1ABHG7F\n'.repeat(100_001);
    const stats = await computeLineStats(text, { yieldToBrowser: noYield });
    expect(stats.tooMany).toBe(true);
    expect(stats.total).toBe(100_001);
    expect(stats.valid.length + stats.duplicates.length).toBe(100_000);
  });
});

describe('firstRejects', () => {
  it('merges invalid and duplicate lines in line order, up to the limit', async () => {
    const good = imeiWithCheckDigit('35209900176148');
    const stats = await computeLineStats(['x', good, good, 'y', good, 'z'].join('\n'), {
      yieldToBrowser: noYield,
    });
    const shown = firstRejects(stats, 4);
    expect(shown.map((r) => r.line)).toEqual([1, 3, 4, 5]);
    expect(shown[1]?.reason).toBe(DUPLICATE_REASONS.input);
    expect(shown[0]?.reason).toBe(REJECT_REASONS.bad_length);
  });
});
