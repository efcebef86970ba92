// Painting primitives of the slider-captcha puzzle (puzzle-image.ts): a seeded random source, colours,
// anti-aliased coverage, and the background picture the gap is cut into. Pure: a seed gives the same pixels.

export type Rng = () => number;
export type Rgb = [number, number, number];

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL (h in degrees, s and l in 0..1) to RGB in 0..255. */
export function hsl(h: number, s: number, l: number): Rgb {
  const f = (n: number): number => {
    const k = (((n + h / 30) % 12) + 12) % 12; // hues may be drawn outside 0..360
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

export const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Pixel coverage from a signed distance at the pixel centre: a one-pixel-wide anti-aliased edge. */
export const coverage = (d: number): number => clamp01(0.5 - d);

/** Mixes colour c into the float RGB canvas at pixel i with opacity a. */
export function blend(canvas: Float32Array, i: number, c: Rgb, a: number): void {
  for (let n = 0, j = i * 3; n < 3; n++, j++) canvas[j] = canvas[j]! + (c[n]! - canvas[j]!) * a;
}

/** The background picture without the gap, as float RGB. Every random draw is independent of x and y. */
export function paintBackground(width: number, height: number, rng: Rng): Float32Array {
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

  // Faint strokes across the picture: edges an edge detector meets that are no gap's outline.
  const strokes = 4 + Math.floor(rng() * 3);
  for (let n = 0; n < strokes; n++) {
    const colour: Rgb = rng() < 0.5 ? [255, 255, 255] : [20, 20, 30];
    const alpha = 0.18 + rng() * 0.17;
    const base = height * (0.1 + rng() * 0.8);
    const amp = height * (0.05 + rng() * 0.2);
    const freq = (Math.PI * 2 * (0.3 + rng() * 1.5)) / width;
    const phase = rng() * Math.PI * 2;
    for (let x = 0; x < width; x++) {
      const line = base + amp * Math.sin(x * freq + phase);
      for (let y = Math.max(0, Math.floor(line - 2)); y <= Math.min(height - 1, Math.ceil(line + 2)); y++)
        blend(canvas, y * width + x, colour, alpha * coverage(Math.abs(y + 0.5 - line) - 0.6));
    }
  }

  // A little monochrome grain, so no region is a flat colour.
  for (let i = 0; i < width * height; i++) {
    const g = (rng() - 0.5) * 10;
    for (let j = i * 3; j < i * 3 + 3; j++) canvas[j] = canvas[j]! + g;
  }
  return canvas;
}
