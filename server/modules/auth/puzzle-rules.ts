import { ErrCode, type ErrCodeValue } from '#contract/errcodes.ts';

/** The slider puzzle's geometry and rules, in one place. */
export const PUZZLE = {
  width: 320,
  height: 160,
  pieceSize: 48,
  /** How far (px) the dropped piece may be from the gap and still count. */
  tolerance: 5,
  ttlMs: 120_000,
} as const;

export type PuzzleVerdict = { ok: true } | { ok: false; errcode: ErrCodeValue };

/**
 * Judges one use of a puzzle. `consumed` is the row the atomic "mark used" returned, or null when
 * nothing was marked (the puzzle was used before, or never existed).
 */
export function judgePuzzle(
  consumed: { answer_x: number; expires_at: number } | null,
  existed: boolean,
  tnR: number,
  now: number,
): PuzzleVerdict {
  if (!consumed) return { ok: false, errcode: existed ? ErrCode.PUZZLE_USED : ErrCode.PUZZLE_UNKNOWN };
  if (consumed.expires_at <= now) return { ok: false, errcode: ErrCode.PUZZLE_EXPIRED };
  if (!(Math.abs(tnR - consumed.answer_x) <= PUZZLE.tolerance))
    return { ok: false, errcode: ErrCode.PUZZLE_WRONG };
  return { ok: true };
}

/** Where the gap may go: clear of the left edge (where the piece starts) and of the borders. */
export function gapRange(pieceWidth: number, pieceHeight: number) {
  return {
    minX: pieceWidth + 16,
    maxX: PUZZLE.width - pieceWidth - 8,
    minY: 8,
    maxY: PUZZLE.height - pieceHeight - 8,
  };
}
