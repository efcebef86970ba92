import { describe, it, expect } from 'vitest';
import { PNG } from 'pngjs';
import { renderPuzzle, type PuzzleImageSpec } from './puzzle-image.ts';

const spec: PuzzleImageSpec = { width: 320, height: 160, pieceSize: 48, x: 40, y: 70, seed: 12345 };
const S = spec.pieceSize;

/** Mean luminance of a w x h box at (x, y) of a decoded PNG. */
function meanLuma(png: PNG, x: number, y: number, w: number, h: number): number {
  let sum = 0;
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) {
      const k = (j * png.width + i) * 4;
      sum += 0.299 * png.data[k]! + 0.587 * png.data[k + 1]! + 0.114 * png.data[k + 2]!;
    }
  }
  return sum / (w * h);
}

/** The chunk types of a PNG file, in order. */
function chunkTypes(buf: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < buf.length; at += buf.readUInt32BE(at) + 12) {
    types.push(buf.toString('latin1', at + 4, at + 8));
  }
  return types;
}

// Boxes of the piece box, as [x, y, w, h]. The jigsaw's knobs sit in the middle of its top and right edges,
// and the box keeps a margin for the outline on the left and bottom: so the four corners, the left column
// and the bottom row lie outside the shape, and the core lies inside it, more than 4 px from any edge.
const outside = [
  [0, 0, 8, 8],
  [S - 8, 0, 8, 8],
  [S - 8, S - 8, 8, 8],
  [0, 0, 1, S],
  [0, S - 1, S, 1],
] as const;
const core = [Math.round(S * 0.3), Math.round(S * 0.45), Math.round(S * 0.3), Math.round(S * 0.3)] as const;

describe('renderPuzzle', () => {
  it('renders a background and a piece that decode as PNGs of the right sizes', () => {
    const out = renderPuzzle(spec);
    expect([out.pieceWidth, out.pieceHeight]).toEqual([S, S]);
    const bg = PNG.sync.read(out.background);
    const piece = PNG.sync.read(out.piece);
    expect([bg.width, bg.height]).toEqual([spec.width, spec.height]);
    expect([piece.width, piece.height]).toEqual([S, S]);
  });

  it('is deterministic for a seed and differs for another seed', () => {
    const a = renderPuzzle(spec);
    const b = renderPuzzle({ ...spec });
    expect(a.background.equals(b.background)).toBe(true);
    expect(a.piece.equals(b.piece)).toBe(true);
    const c = renderPuzzle({ ...spec, seed: 54321 });
    expect(a.background.equals(c.background)).toBe(false);
    expect(a.piece.equals(c.piece)).toBe(false);
  });

  it('makes the piece transparent outside the shape and opaque inside it', () => {
    const piece = PNG.sync.read(renderPuzzle(spec).piece);
    const alpha = (x: number, y: number): number => piece.data[(y * S + x) * 4 + 3]!;
    for (const [x0, y0, w, h] of outside) {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) expect(alpha(x, y)).toBe(0);
    }
    const [cx, cy, cw, ch] = core;
    for (let y = cy; y < cy + ch; y++) for (let x = cx; x < cx + cw; x++) expect(alpha(x, y)).toBe(255);
    // Only the anti-aliased rim is partly transparent: far fewer pixels than the box holds.
    let partial = 0;
    for (let i = 0; i < S * S; i++) if (alpha(i % S, Math.floor(i / S)) % 255 !== 0) partial++;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(S * 5);
  });

  it('takes the piece from the clean picture a few pixels from the gap, not from the gap itself', () => {
    const piece = PNG.sync.read(renderPuzzle(spec).piece);
    // The same picture with the gap elsewhere and no decoys shows the clean pixels around (spec.x, spec.y).
    const bg = PNG.sync.read(renderPuzzle({ ...spec, x: 220, decoys: 0 }).background);
    // Inside the body whatever the shape (dents reach 4 px of bevel into it): the pixels are copied as they are.
    const [cx, cy, cw, ch] = [15, 25, 8, 8];
    const matchesAt = (ox: number, oy: number) => {
      for (let y = cy; y < cy + ch; y++)
        for (let x = cx; x < cx + cw; x++) {
          const p = (y * S + x) * 4;
          const b = ((spec.y + oy + y) * spec.width + spec.x + ox + x) * 4;
          if (piece.data[p] !== bg.data[b] || piece.data[p + 1] !== bg.data[b + 1]) return false;
        }
      return true;
    };
    const offsets: [number, number][] = [];
    for (let oy = -12; oy <= 12; oy++)
      for (let ox = -12; ox <= 12; ox++) if (spec.x + ox >= 0 && matchesAt(ox, oy)) offsets.push([ox, oy]);
    expect(offsets).toHaveLength(1);
  });

  it('carries no trace of x in the piece: same size and only the essential PNG chunks', () => {
    const a = renderPuzzle(spec);
    const b = renderPuzzle({ ...spec, x: 250, y: 10 });
    expect([b.pieceWidth, b.pieceHeight]).toEqual([a.pieceWidth, a.pieceHeight]);
    expect(chunkTypes(a.piece)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('darkens the gap region of the background; the decoys only touch the gap row', () => {
    const withGap = PNG.sync.read(renderPuzzle({ ...spec, decoys: 0 }).background);
    const without = PNG.sync.read(renderPuzzle({ ...spec, x: 220, decoys: 0 }).background);
    const [cx, cy, cw, ch] = core;
    const dark = meanLuma(withGap, spec.x + cx, spec.y + cy, cw, ch);
    const light = meanLuma(without, spec.x + cx, spec.y + cy, cw, ch);
    expect(dark).toBeLessThan(light * 0.7);
    // Outside the two gaps the pictures are identical.
    expect(meanLuma(withGap, 120, 0, 80, 160)).toBe(meanLuma(without, 120, 0, 80, 160));
    // Decoys: more gaps on the same row, nothing changed above or below it.
    const decoyed = PNG.sync.read(renderPuzzle(spec).background);
    const row = (png: PNG) => meanLuma(png, 0, spec.y, spec.width, S);
    expect(row(decoyed)).toBeLessThan(row(withGap) - 5);
    expect(meanLuma(decoyed, 0, 0, spec.width, spec.y - 2)).toBe(
      meanLuma(withGap, 0, 0, spec.width, spec.y - 2),
    );
  });

  it('renders a 320x160 puzzle fast', () => {
    for (let i = 0; i < 5; i++) renderPuzzle({ ...spec, seed: i }); // warm up the JIT
    const runs = 20;
    const start = performance.now();
    for (let i = 0; i < runs; i++) renderPuzzle({ ...spec, seed: 100 + i });
    const perRender = (performance.now() - start) / runs;
    console.info(`renderPuzzle 320x160: ${perRender.toFixed(1)} ms per puzzle`);
    expect(perRender).toBeLessThan(200);
  });

  it.each([
    ['a gap past the right edge', { x: 320 - 48 + 1 }],
    ['a gap past the bottom edge', { y: 160 - 48 + 1 }],
    ['a negative x', { x: -1 }],
    ['a fractional y', { y: 10.5 }],
    ['a zero width', { width: 0 }],
    ['a negative height', { height: -160 }],
    ['a fractional pieceSize', { pieceSize: 47.5 }],
    ['a zero pieceSize', { pieceSize: 0 }],
    ['a NaN seed', { seed: Number.NaN }],
  ])('throws a RangeError for %s', (_name, patch) => {
    expect(() => renderPuzzle({ ...spec, ...patch })).toThrow(RangeError);
  });
});
