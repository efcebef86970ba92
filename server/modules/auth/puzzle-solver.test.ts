// Issue 25 point 8: the slider puzzle fell to simple image correlation. These are the cheap attacks, as
// an attacker would write them in a few lines each: slide the piece along its row (y is in the answer)
// and take the best match, by the edges of its outline, by how dark the spot under it is, or by the
// correlation of its pixels with the picture. Each must fail most of the time on the puzzles the server
// draws, and still find a lone gap (no decoys), so a solver that finds nothing proves nothing.
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { renderPuzzle, type PuzzleImageSpec } from './puzzle-image.ts';
import { PUZZLE, gapRange } from './puzzle-rules.ts';

type Solver = (bg: PNG, piece: PNG, y: number) => number;

const luma = (png: PNG, x: number, y: number) => {
  const k = (y * png.width + x) * 4;
  return 0.299 * png.data[k]! + 0.587 * png.data[k + 1]! + 0.114 * png.data[k + 2]!;
};
const inside = (piece: PNG, x: number, y: number) =>
  x >= 0 &&
  y >= 0 &&
  x < piece.width &&
  y < piece.height &&
  piece.data[(y * piece.width + x) * 4 + 3]! >= 128;

/** The piece's pixels, and those of its outline (inside, with a 4-neighbour outside). */
function masks(piece: PNG) {
  const body: [number, number][] = [];
  const outline: [number, number][] = [];
  for (let y = 0; y < piece.height; y++)
    for (let x = 0; x < piece.width; x++) {
      if (!inside(piece, x, y)) continue;
      body.push([x, y]);
      if (
        !inside(piece, x - 1, y) ||
        !inside(piece, x + 1, y) ||
        !inside(piece, x, y - 1) ||
        !inside(piece, x, y + 1)
      )
        outline.push([x, y]);
    }
  return { body, outline };
}

function best(bg: PNG, piece: PNG, score: (x: number) => number): number {
  let bestX = 0;
  let bestScore = -Infinity;
  for (let x = 0; x + piece.width <= bg.width; x++) {
    const s = score(x);
    if (s > bestScore) [bestX, bestScore] = [x, s];
  }
  return bestX;
}

/** The outline's pixels laid on the picture's gradient: the gap's edge lines up with it. */
const edgeSolver: Solver = (bg, piece, y) => {
  const { outline } = masks(piece);
  const grad = (x: number, yy: number) =>
    x < 1 || yy < 1 || x >= bg.width - 1 || yy >= bg.height - 1
      ? 0
      : Math.abs(luma(bg, x + 1, yy) - luma(bg, x - 1, yy)) +
        Math.abs(luma(bg, x, yy + 1) - luma(bg, x, yy - 1));
  return best(bg, piece, (x) => outline.reduce((sum, [px, py]) => sum + grad(x + px, y + py), 0));
};

/** The darkest spot of the piece's shape on the row: the gap is a shadow. */
const darkSolver: Solver = (bg, piece, y) => {
  const { body } = masks(piece);
  return best(bg, piece, (x) => -body.reduce((sum, [px, py]) => sum + luma(bg, x + px, y + py), 0));
};

/** Normalised cross-correlation of the piece's pixels with the picture (template matching). */
const correlationSolver: Solver = (bg, piece, y) => {
  const { body } = masks(piece);
  const p = body.map(([px, py]) => luma(piece, px, py));
  const pMean = p.reduce((a, b) => a + b, 0) / p.length;
  return best(bg, piece, (x) => {
    const b = body.map(([px, py]) => luma(bg, x + px, y + py));
    const bMean = b.reduce((a, v) => a + v, 0) / b.length;
    let num = 0;
    let pp = 0;
    let bb = 0;
    for (let i = 0; i < b.length; i++) {
      num += (p[i]! - pMean) * (b[i]! - bMean);
      pp += (p[i]! - pMean) ** 2;
      bb += (b[i]! - bMean) ** 2;
    }
    return num / Math.sqrt(pp * bb + 1e-9);
  });
};

const SOLVERS = { edge: edgeSolver, dark: darkSolver, correlation: correlationSolver };
const RUNS = 30;

/** How many of RUNS puzzles (the server's sizes, positions spread over the allowed range) a solver solves. */
function solved(solver: Solver, extra: Partial<PuzzleImageSpec>): number {
  const range = gapRange(PUZZLE.pieceSize, PUZZLE.pieceSize);
  let wins = 0;
  for (let i = 0; i < RUNS; i++) {
    const x = range.minX + ((i * 37) % (range.maxX - range.minX + 1));
    const y = range.minY + ((i * 13) % (range.maxY - range.minY + 1));
    const spec = {
      width: PUZZLE.width,
      height: PUZZLE.height,
      pieceSize: PUZZLE.pieceSize,
      x,
      y,
      seed: 9000 + i,
    };
    const out = renderPuzzle({ ...spec, ...extra });
    const guess = solver(PNG.sync.read(out.background), PNG.sync.read(out.piece), y);
    if (Math.abs(guess - x) <= PUZZLE.tolerance) wins++;
  }
  return wins;
}

describe('the slider puzzle against cheap image attacks', () => {
  it.each(Object.entries(SOLVERS))('the %s solver fails most puzzles', (name, solver) => {
    const wins = solved(solver, {});
    console.info(`${name} solver: ${wins}/${RUNS} solved`);
    expect(wins).toBeLessThan(RUNS * 0.4);
  });

  it.each([
    ['edge', edgeSolver],
    ['dark', darkSolver],
  ] as const)('the %s solver still finds a lone gap (it is a working solver)', (_, solver) => {
    expect(solved(solver, { decoys: 0 })).toBeGreaterThan(RUNS * 0.8);
  });
});
