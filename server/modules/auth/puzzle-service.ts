import { randomBytes, randomInt } from 'node:crypto';
import type { Tncode } from '#contract/schemas/auth.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthRepository } from './repository.ts';
import { renderPuzzle } from './puzzle-image.ts';
import { PUZZLE, gapRange, judgePuzzle } from './puzzle-rules.ts';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Slider puzzles: made on request, answer kept in the database, single use, short-lived. */
export class PuzzleService {
  private readonly repo: AuthRepository;
  private readonly clock: Clock;
  private readonly fixedX: number | null;
  constructor(repo: AuthRepository, clock: Clock, fixedX: number | null) {
    this.repo = repo;
    this.clock = clock;
    this.fixedX = fixedX;
  }

  async create(): Promise<Tncode> {
    const now = this.clock.now();
    // The piece (knobs included) fits its pieceSize box, as the renderer draws it.
    const range = gapRange(PUZZLE.pieceSize, PUZZLE.pieceSize);
    const x = this.fixedX ?? randomInt(range.minX, range.maxX + 1);
    const y = randomInt(range.minY, range.maxY + 1);
    const images = renderPuzzle({
      width: PUZZLE.width,
      height: PUZZLE.height,
      pieceSize: PUZZLE.pieceSize,
      x,
      y,
      seed: randomInt(0, 2 ** 31),
    });
    const id = randomBytes(16).toString('base64url');
    await this.repo.insertPuzzle(id, x, now, now + PUZZLE.ttlMs);
    // Housekeeping on the way: puzzles older than an hour are of no use to anyone.
    await this.repo.deletePuzzlesExpiredBefore(now - 3600_000);
    return {
      uniqid: id,
      bg: dataUrl(images.background),
      piece: dataUrl(images.piece),
      y,
      width: PUZZLE.width,
      height: PUZZLE.height,
      piece_width: images.pieceWidth,
      piece_height: images.pieceHeight,
      expires_in: PUZZLE.ttlMs / 1000,
    };
  }

  /** Uses the puzzle up (right or wrong) and throws the precise error when the answer does not count. */
  async verify(uniqid: string, tnR: number): Promise<void> {
    const now = this.clock.now();
    const consumed = (await this.repo.consumePuzzle(uniqid, now)) ?? null;
    const existed = consumed !== null || (await this.repo.puzzleExists(uniqid)) !== undefined;
    const verdict = judgePuzzle(consumed, existed, tnR, now);
    if (!verdict.ok) throw new AppError(verdict.errcode);
  }
}
