// Renders the slider-captcha ("tncode") puzzle: a procedural background with a jigsaw-shaped gap at (x, y),
// and the matching piece the user drags into it. Pure: the same spec gives the same bytes. Only the server
// knows x: the piece is always the same box size and carries no offset or metadata.
//
// Against cheap image correlation (issue 25: a 25-line script solved 6 of 6): the piece's shape varies
// (a knob, a dent or a flat edge per side); decoy gaps of a shape one side apart sit on the same row; every
// gap is filled with its own dark shade and noise instead of the darkened picture (so the piece's pixels
// correlate with none of them), with its own darkness and outline strength; and faint strokes add edges
// that are not gaps. A person matches the piece's outline to the one gap of the same shape.
import { PNG } from 'pngjs';
import { clamp01, coverage, mulberry32, paintBackground, type Rng } from './puzzle-paint.ts';

export interface PuzzleImageSpec {
  width: number; // background width in px, e.g. 320
  height: number; // background height, e.g. 160
  pieceSize: number; // the square box of the piece, e.g. 48 (the jigsaw shape with its knobs fits inside)
  x: number; // the answer: left edge of the gap in px (integer)
  y: number; // top edge of the gap in px (integer)
  seed: number; // 32-bit seed: the same seed gives the same picture
  decoys?: number; // decoy gaps on the gap's row (default DECOYS; fewer when they do not fit)
}

export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
  pieceWidth: number;
  pieceHeight: number;
}

/** Below this the knobs and the outline no longer read as a jigsaw piece. */
const MIN_PIECE_SIZE = 16;
/** Decoy gaps beside the real one: enough that picking the likeliest gap by correlation mostly fails. */
export const DECOYS = 3;

/**
 * What each side of the piece has: a round knob out, a round dent in, or nothing. The body sits to the
 * bottom-left of the box, so only the top and right sides have room for a knob out.
 */
type Edge = 'out' | 'in' | 'flat';
export interface PieceShape {
  top: Edge;
  right: Edge;
  bottom: Exclude<Edge, 'out'>;
  left: Exclude<Edge, 'out'>;
}
const SIDE_EDGES = {
  top: ['out', 'in', 'flat'],
  right: ['out', 'in', 'flat'],
  bottom: ['in', 'flat'],
  left: ['in', 'flat'],
} as const;
type Side = keyof PieceShape;
const SIDES = Object.keys(SIDE_EDGES) as Side[];
const shapeKey = (p: PieceShape) => SIDES.map((side) => p[side]).join('/');
/** At least two sides with a knob or a dent, so every shape reads as a jigsaw piece. */
const isJigsaw = (p: PieceShape) => SIDES.filter((side) => p[side] !== 'flat').length >= 2;

function randomShape(rng: Rng): PieceShape {
  for (;;) {
    const pick = <E extends Edge>(edges: readonly E[]) => edges[Math.floor(rng() * edges.length)]!;
    const shape = {
      top: pick(SIDE_EDGES.top),
      right: pick(SIDE_EDGES.right),
      bottom: pick(SIDE_EDGES.bottom),
      left: pick(SIDE_EDGES.left),
    };
    if (isJigsaw(shape)) return shape;
  }
}

/** A decoy's shape: the piece's with exactly one side changed, so only its outline tells them apart. */
function neighbourShape(of: PieceShape, rng: Rng): PieceShape {
  for (;;) {
    const side = SIDES[Math.floor(rng() * SIDES.length)]!;
    const others = (SIDE_EDGES[side] as readonly Edge[]).filter((e) => e !== of[side]);
    const shape = { ...of, [side]: others[Math.floor(rng() * others.length)]! } as PieceShape;
    if (isJigsaw(shape)) return shape;
  }
}

/**
 * The jigsaw shape inside its size x size box, as a signed distance function (negative inside). A slightly
 * rounded square body with a round knob or dent on each side as `shape` says; the body is pushed to the
 * bottom-left of the box so knobs out fit on the top and right, and a smooth union (or difference) joins
 * knobs and dents to it with a fillet, not a sharp crease.
 */
function pieceShape(size: number, shape: PieceShape): (px: number, py: number) => number {
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
  const sink = r * 0.35; // how far a dent's centre sits inside the edge it is cut into
  // Knob or dent centres, with +1 for a knob (union) and -1 for a dent (difference).
  const features: [number, number, number][] = [];
  const add = (edge: Edge, outward: [number, number], inward: [number, number]) => {
    if (edge === 'out') features.push([...outward, 1]);
    if (edge === 'in') features.push([...inward, -1]);
  };
  add(shape.top, [cx, top - out], [cx, top + sink]);
  add(shape.right, [right + out, cy], [right - sink, cy]);
  add(shape.bottom, [cx, bottom + out], [cx, bottom - sink]);
  add(shape.left, [left - out, cy], [left + sink, cy]);
  return (px, py) => {
    const qx = Math.abs(px - cx) - hx;
    const qy = Math.abs(py - cy) - hy;
    const ox = Math.max(qx, 0);
    const oy = Math.max(qy, 0);
    let d = Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - round;
    for (const [fx, fy, sign] of features) {
      const kx = fx - px;
      const ky = fy - py;
      // A knob joins the circle (union), a dent cuts it out (difference: the circle's outside).
      const k = sign * (Math.sqrt(kx * kx + ky * ky) - r);
      const h = Math.max(blend - Math.abs(d - k), 0) / blend; // polynomial smooth minimum / maximum
      d = sign > 0 ? Math.min(d, k) - h * h * blend * 0.25 : Math.max(d, k) + h * h * blend * 0.25;
    }
    return d;
  };
}

/**
 * Per pixel of the piece box: the signed distance at the pixel centre, and a bevel term (positive on the
 * bottom-right rim, negative on the top-left rim, 0 deeper than 4 px) used for the piece's inner shadow
 * and the gap's depth. Shared by the gap and the piece, so both outlines match exactly; cached per size
 * and shape (a few dozen shapes exist).
 */
type ShapeMaps = { dist: Float32Array; bevel: Float32Array };
const shapeCache = new Map<string, ShapeMaps>();
function shapeMaps(size: number, shape: PieceShape): ShapeMaps {
  const key = `${size}:${shapeKey(shape)}`;
  const cached = shapeCache.get(key);
  if (cached) return cached;
  const sdf = pieceShape(size, shape);
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
  shapeCache.set(key, maps);
  return maps;
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

/**
 * Where the decoy gaps go on the gap's row: clear of the real gap and of each other (4 px apart at least),
 * anywhere the piece fits. Fewer when the row has no room left.
 */
function decoyPositions(spec: PuzzleImageSpec, count: number, rng: Rng): number[] {
  const { width, pieceSize: size, x } = spec;
  const taken = [x];
  for (let tries = 0; taken.length < count + 1 && tries < 200; tries++) {
    const at = 4 + Math.floor(rng() * (width - size - 8));
    if (taken.every((t) => Math.abs(t - at) >= size + 4)) taken.push(at);
  }
  return taken.slice(1);
}

/**
 * Cuts one gap of `shape` at (gx, gy) into the canvas: filled with a dark shade of the spot's mean colour
 * and noise (not the picture darkened: a darkened copy of the piece's pixels matches the piece under any
 * correlation), with a light outline. Each gap is turned a few degrees and scaled a few percent around
 * its centre, with its own darkness and outline: a person sees the same shape, while a pixel-exact match
 * of the piece's outline fits the real gap no better than a decoy one side different.
 */
function cutGap(
  rgb: Uint8ClampedArray,
  width: number,
  size: number,
  gx: number,
  gy: number,
  shape: PieceShape,
  rng: Rng,
): void {
  const sdf = pieceShape(size, shape);
  const angle = ((rng() - 0.5) * 20 * Math.PI) / 180;
  const scale = 0.88 + rng() * 0.18;
  const [cos, sin] = [Math.cos(angle) / scale, Math.sin(angle) / scale];
  const c0 = size / 2;
  const mean = [0, 0, 0];
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++)
      for (let c = 0; c < 3; c++) mean[c]! += rgb[((gy + py) * width + gx + px) * 3 + c]! / (size * size);
  const shade = 0.35 + rng() * 0.25; // how much of the spot's brightness the gap keeps
  const outline = 0.15 + rng() * 0.65;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // The shape's distance at this pixel, seen through the gap's turn and scale.
      const [dx, dy] = [px + 0.5 - c0, py + 0.5 - c0];
      const d = sdf(c0 + dx * cos + dy * sin, c0 - dx * sin + dy * cos) * scale;
      const cover = coverage(d);
      if (cover === 0) continue;
      const rim = coverage(Math.abs(d + 0.75) - 0.75) * outline;
      const noise = (rng() - 0.5) * 24;
      const j = ((gy + py) * width + gx + px) * 3;
      for (let c = 0; c < 3; c++) {
        const v = rgb[j + c]! + (mean[c]! * shade + noise - rgb[j + c]!) * cover;
        rgb[j + c] = v + (255 - v) * rim;
      }
    }
  }
}

export function renderPuzzle(spec: PuzzleImageSpec): PuzzleImages {
  validate(spec);
  const { width, height, pieceSize: size, x: gx, y: gy } = spec;
  const rng = mulberry32(spec.seed);
  const canvas = paintBackground(width, height, rng);
  const shape = randomShape(rng);
  const { dist, bevel } = shapeMaps(size, shape);
  // Uint8ClampedArray rounds and clamps the float canvas for us.
  const rgb = new Uint8ClampedArray(canvas);

  // The piece: the original picture from near the gap (a few pixels off, at random: the same colours to the
  // eye, but no pixel-exact match with what is left around the gap), with an inner bevel shadow and a light
  // outline. Pixels outside the shape stay fully transparent (alpha 0), as the PNG is created zero-filled.
  const piece = new PNG({ width: size, height: size });
  const from = (at: number, room: number) => Math.min(Math.max(at + Math.round((rng() - 0.5) * 24), 0), room);
  const [sx, sy] = [from(gx, width - size), from(gy, height - size)];
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const k = py * size + px;
      const d = dist[k]!;
      const alpha = coverage(d);
      if (alpha === 0) continue;
      const shadeK = bevel[k]!;
      const rim = coverage(Math.abs(d + 0.6) - 0.6) * 0.75; // a ~1.2 px band just inside the edge
      const src = ((sy + py) * width + sx + px) * 3;
      for (let c = 0; c < 3; c++) {
        let v = rgb[src + c]!;
        v = shadeK > 0 ? v * (1 - 0.45 * shadeK) : v + (255 - v) * 0.3 * -shadeK;
        piece.data[k * 4 + c] = Math.round(v + (255 - v) * rim);
      }
      piece.data[k * 4 + 3] = Math.round(alpha * 255);
    }
  }

  // The gap, then the decoys on its row, each of a shape one side apart.
  cutGap(rgb, width, size, gx, gy, shape, rng);
  for (const at of decoyPositions(spec, spec.decoys ?? DECOYS, rng))
    cutGap(rgb, width, size, at, gy, neighbourShape(shape, rng), rng);

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
