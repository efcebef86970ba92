// Renders the slider-captcha ("tncode") puzzle: a procedural background with a darkened jigsaw-shaped
// gap at (x, y), and the matching piece the user drags into it. Pure: the same spec gives the same bytes.
// Only the server knows x: the piece is always the same box size and carries no offset or metadata.
import { PNG } from 'pngjs';

export interface PuzzleImageSpec {
  width: number; // background width in px, e.g. 320
  height: number; // background height, e.g. 160
  pieceSize: number; // the square box of the piece, e.g. 48 (the jigsaw shape with its knobs fits inside)
  x: number; // the answer: left edge of the gap in px (integer)
  y: number; // top edge of the gap in px (integer)
  seed: number; // 32-bit seed: the same seed gives the same picture
}

export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
  pieceWidth: number;
  pieceHeight: number;
}

/** Below this the knobs and the outline no longer read as a jigsaw piece. */
const MIN_PIECE_SIZE = 16;

type Rng = () => number;
type Rgb = [number, number, number];

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG; returns floats in [0, 1). */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL (h in degrees, s and l in 0..1) to RGB in 0..255. */
function hsl(h: number, s: number, l: number): Rgb {
  const f = (n: number): number => {
    const k = (((n + h / 30) % 12) + 12) % 12; // hues may be drawn outside 0..360
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Pixel coverage from a signed distance at the pixel centre: a one-pixel-wide anti-aliased edge. */
const coverage = (d: number): number => clamp01(0.5 - d);

/**
 * The jigsaw shape inside its size x size box, as a signed distance function (negative inside). A slightly
 * rounded square body with round knobs on its top and right edges; the body is pushed to the bottom-left of
 * the box so the knobs fit, and a smooth union joins the knobs to it with a fillet, not a sharp crease.
 */
function pieceShape(size: number): (px: number, py: number) => number {
  const r = size * 0.14; // knob radius
  const out = r * 0.45; // how far a knob's centre sits outside the edge it grows from
  const margin = Math.ceil(r + out + 1.5); // room for the knob (and its outline) on the top and right
  const pad = 1.5; // room for the outline on the left and bottom
  const [left, right, top, bottom] = [pad, size - margin, margin, size - pad];
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const round = size * 0.05;
  const hx = (right - left) / 2 - round;
  const hy = (bottom - top) / 2 - round;
  const blend = r * 0.6;
  const knobs = [cx, top - out, right + out, cy]; // knob centres, as x, y pairs
  return (px, py) => {
    const qx = Math.abs(px - cx) - hx;
    const qy = Math.abs(py - cy) - hy;
    const ox = Math.max(qx, 0);
    const oy = Math.max(qy, 0);
    let d = Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - round;
    for (let n = 0; n < 4; n += 2) {
      const kx = knobs[n]! - px;
      const ky = knobs[n + 1]! - py;
      const k = Math.sqrt(kx * kx + ky * ky) - r;
      const h = Math.max(blend - Math.abs(d - k), 0) / blend; // polynomial smooth minimum
      d = Math.min(d, k) - h * h * blend * 0.25;
    }
    return d;
  };
}

/**
 * Per pixel of the piece box: the signed distance at the pixel centre, and a bevel term (positive on the
 * bottom-right rim, negative on the top-left rim, 0 deeper than 4 px) used for the piece's inner shadow
 * and the gap's depth. Shared by the gap and the piece, so both outlines match exactly; cached per size
 * since the server renders every puzzle with the same pieceSize.
 */
type ShapeMaps = { dist: Float32Array; bevel: Float32Array };
const shapeCache = new Map<number, ShapeMaps>();
function shapeMaps(size: number): ShapeMaps {
  const cached = shapeCache.get(size);
  if (cached) return cached;
  const sdf = pieceShape(size);
  const dist = new Float32Array(size * size);
  const bevel = new Float32Array(size * size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sx = px + 0.5;
      const sy = py + 0.5;
      const d = sdf(sx, sy);
      // The SDF's slope along the light direction (down-right), by central differences.
      const slope = (sdf(sx + 1, sy + 1) - sdf(sx - 1, sy - 1)) / (2 * Math.SQRT2);
      dist[py * size + px] = d;
      bevel[py * size + px] = slope * clamp01(1 + d / 4);
    }
  }
  const maps = { dist, bevel };
  shapeCache.set(size, maps);
  return maps;
}

/** Mixes colour c into the float RGB canvas at pixel i with opacity a. */
function blend(canvas: Float32Array, i: number, c: Rgb, a: number): void {
  for (let n = 0, j = i * 3; n < 3; n++, j++) canvas[j] = canvas[j]! + (c[n]! - canvas[j]!) * a;
}

/** The background picture without the gap, as float RGB. Every random draw is independent of x and y. */
function paintBackground(width: number, height: number, rng: Rng): Float32Array {
  const canvas = new Float32Array(width * height * 3);
  const hue = rng() * 360;
  const hue2 = hue + 40 + rng() * 80;
  const from = hsl(hue, 0.5 + rng() * 0.2, 0.6 + rng() * 0.1);
  const to = hsl(hue2, 0.5 + rng() * 0.2, 0.45 + rng() * 0.1);

  // A soft diagonal gradient between two related hues.
  const span = width + height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      const j = (y * width + x) * 3;
      canvas[j] = from[0] + (to[0] - from[0]) * t;
      canvas[j + 1] = from[1] + (to[1] - from[1]) * t;
      canvas[j + 2] = from[2] + (to[2] - from[2]) * t;
    }
  }

  // Two or three rolling hills along the bottom, each a sum of two sines, farther ones lighter.
  const hills = 2 + Math.floor(rng() * 2);
  for (let n = 0; n < hills; n++) {
    const colour = hsl(hue2 + 20 + rng() * 60, 0.35 + rng() * 0.2, 0.5 - n * 0.1);
    const base = height * (0.5 + (n / hills) * 0.3 + rng() * 0.1);
    const [a1, a2] = [height * (0.06 + rng() * 0.08), height * (0.02 + rng() * 0.04)];
    const [f1, f2] = [(Math.PI * 2 * (0.6 + rng())) / width, (Math.PI * 2 * (2 + rng() * 2)) / width];
    const [p1, p2] = [rng() * Math.PI * 2, rng() * Math.PI * 2];
    const alpha = 0.55 + rng() * 0.25;
    for (let x = 0; x < width; x++) {
      const ridge = base + a1 * Math.sin(x * f1 + p1) + a2 * Math.sin(x * f2 + p2);
      for (let y = Math.max(0, Math.floor(ridge)); y < height; y++) {
        blend(canvas, y * width + x, colour, alpha * coverage(ridge - y - 0.5));
      }
    }
  }

  // Translucent discs: a few large soft ones, then many small "bokeh" dots for texture near any gap.
  const discs = 7 + Math.floor(rng() * 4);
  const dots = 18 + Math.floor(rng() * 10);
  for (let n = 0; n < discs + dots; n++) {
    const big = n < discs;
    const r = big ? height * (0.1 + rng() * 0.25) : 2 + rng() * 5;
    const [cx, cy] = [rng() * width, rng() * height];
    const colour = hsl(hue + rng() * 200 - 60, 0.5 + rng() * 0.3, 0.55 + rng() * 0.35);
    const alpha = big ? 0.15 + rng() * 0.25 : 0.35 + rng() * 0.35;
    const [x0, x1] = [Math.max(0, Math.floor(cx - r)), Math.min(width - 1, Math.ceil(cx + r))];
    const [y0, y1] = [Math.max(0, Math.floor(cy - r)), Math.min(height - 1, Math.ceil(cy + r))];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const d = Math.sqrt(dx * dx + dy * dy) - r;
        if (d < 0.5) blend(canvas, y * width + x, colour, alpha * coverage(d));
      }
    }
  }

  // A little monochrome grain, so no region is a flat colour.
  for (let i = 0; i < width * height; i++) {
    const g = (rng() - 0.5) * 8;
    for (let j = i * 3; j < i * 3 + 3; j++) canvas[j] = canvas[j]! + g;
  }
  return canvas;
}

function validate(spec: PuzzleImageSpec): void {
  const { width, height, pieceSize, x, y, seed } = spec;
  for (const [name, v] of Object.entries({ width, height, pieceSize, x, y, seed })) {
    if (!Number.isSafeInteger(v)) throw new RangeError(`puzzle ${name} must be an integer, got ${v}`);
  }
  if (width <= 0 || height <= 0) throw new RangeError(`puzzle size must be positive, got ${width}x${height}`);
  if (pieceSize < MIN_PIECE_SIZE)
    throw new RangeError(`pieceSize must be >= ${MIN_PIECE_SIZE}, got ${pieceSize}`);
  if (x < 0 || y < 0 || x + pieceSize > width || y + pieceSize > height) {
    throw new RangeError(`gap ${pieceSize}px at (${x}, ${y}) does not fit in ${width}x${height}`);
  }
}

export function renderPuzzle(spec: PuzzleImageSpec): PuzzleImages {
  validate(spec);
  const { width, height, pieceSize: size, x: gx, y: gy } = spec;
  const canvas = paintBackground(width, height, mulberry32(spec.seed));
  const { dist, bevel } = shapeMaps(size);
  // Uint8ClampedArray rounds and clamps the float canvas for us.
  const rgb = new Uint8ClampedArray(canvas);

  // The piece: the original pixels under the gap, with an inner bevel shadow and a light outline. Pixels
  // outside the shape stay fully transparent (alpha 0), as the piece PNG is created zero-filled.
  const piece = new PNG({ width: size, height: size });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const k = py * size + px;
      const d = dist[k]!;
      const alpha = coverage(d);
      if (alpha === 0) continue;
      const shade = bevel[k]!;
      const rim = coverage(Math.abs(d + 0.6) - 0.6) * 0.75; // a ~1.2 px band just inside the edge
      const src = ((gy + py) * width + gx + px) * 3;
      for (let c = 0; c < 3; c++) {
        let v = rgb[src + c]!;
        v = shade > 0 ? v * (1 - 0.45 * shade) : v + (255 - v) * 0.3 * -shade;
        piece.data[k * 4 + c] = Math.round(v + (255 - v) * rim);
      }
      piece.data[k * 4 + 3] = Math.round(alpha * 255);
    }
  }

  // The gap: darkened by about half, deeper on its top-left rim (a hole in shadow), with a light outline.
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const k = py * size + px;
      const d = dist[k]!;
      const cover = coverage(d);
      if (cover === 0) continue;
      const dark = cover * (0.5 + 0.2 * clamp01(-bevel[k]!));
      const rim = coverage(Math.abs(d + 0.75) - 0.75) * 0.7;
      const j = ((gy + py) * width + gx + px) * 3;
      for (let c = 0; c < 3; c++) {
        const v = rgb[j + c]! * (1 - dark);
        rgb[j + c] = v + (255 - v) * rim;
      }
    }
  }

  // The background has no transparency: hand pngjs the RGB bytes as they are and store them as RGB. One
  // fixed row filter ("Up") instead of pngjs's default per-row trial of all five halves the encoding time.
  const background = Object.assign(new PNG(), { width, height, data: Buffer.from(rgb.buffer) });
  const encode = { deflateLevel: 6, filterType: 2 };
  return {
    background: PNG.sync.write(background, {
      ...encode,
      colorType: 2,
      inputColorType: 2,
      inputHasAlpha: false,
    }),
    piece: PNG.sync.write(piece, { ...encode, colorType: 6 }),
    pieceWidth: size,
    pieceHeight: size,
  };
}
