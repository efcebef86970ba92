import { describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { PUZZLE, gapRange, judgePuzzle } from './puzzle-rules.ts';

const NOW = 1_000_000;
const live = { answer_x: 150, expires_at: NOW + 1 };

describe('judgePuzzle', () => {
  it('accepts the exact answer of a live puzzle', () => {
    expect(judgePuzzle(live, true, 150, NOW)).toEqual({ ok: true });
  });

  it.each([145, 155, 150.5, 145.0001, 154.999])('accepts %s: within the ±5 px tolerance', (tnR) => {
    expect(judgePuzzle(live, true, tnR, NOW)).toEqual({ ok: true });
  });

  it.each([144.999, 155.001, 144, 156, 0, 10_000, -150])('refuses %s with PUZZLE_WRONG (2003)', (tnR) => {
    expect(judgePuzzle(live, true, tnR, NOW)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_WRONG });
  });

  it('refuses NaN as a wrong answer', () => {
    expect(judgePuzzle(live, true, Number.NaN, NOW)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_WRONG });
  });

  it('PUZZLE_EXPIRED (2004) once now reaches expires_at, not a millisecond before', () => {
    const row = { answer_x: 150, expires_at: NOW };
    expect(judgePuzzle(row, true, 150, NOW - 1)).toEqual({ ok: true });
    expect(judgePuzzle(row, true, 150, NOW)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_EXPIRED });
    expect(judgePuzzle(row, true, 150, NOW + 60_000)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_EXPIRED });
  });

  it('reports expiry before a wrong answer', () => {
    const row = { answer_x: 150, expires_at: NOW };
    expect(judgePuzzle(row, true, 10, NOW)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_EXPIRED });
  });

  it('PUZZLE_USED (2005) when nothing was consumed but the puzzle exists', () => {
    expect(judgePuzzle(null, true, 150, NOW)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_USED });
  });

  it('PUZZLE_UNKNOWN (2007) when nothing was consumed and the puzzle never existed', () => {
    expect(judgePuzzle(null, false, 150, NOW)).toEqual({ ok: false, errcode: ErrCode.PUZZLE_UNKNOWN });
  });
});

describe('PUZZLE and gapRange', () => {
  it('has the product geometry and rules', () => {
    expect(PUZZLE).toEqual({ width: 320, height: 160, pieceSize: 48, tolerance: 5, ttlMs: 120_000 });
  });

  it('keeps the gap clear of the start position and the borders', () => {
    expect(gapRange(64, 64)).toEqual({ minX: 80, maxX: 248, minY: 8, maxY: 88 });
    const r = gapRange(48, 48);
    expect(r.minX).toBe(64);
    expect(r.maxX + 48).toBeLessThanOrEqual(PUZZLE.width - 8);
    expect(r.maxY + 48).toBeLessThanOrEqual(PUZZLE.height - 8);
  });

  it('places the test answer (150) inside the range the server draws from', () => {
    const r = gapRange(PUZZLE.pieceSize + 16, PUZZLE.pieceSize + 16);
    expect(150).toBeGreaterThanOrEqual(r.minX);
    expect(150).toBeLessThanOrEqual(r.maxX);
  });
});
