import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ImageType } from './image.ts';
import { readImageSize } from './image-header.ts';

/** Largest picture decoded (pixels): bigger photos are passed to the engine as they are. */
const PIXELS_MAX = 24_000_000;

export interface Gray {
  width: number;
  height: number;
  /** Luminance 0-255, row by row. */
  data: Uint8Array;
}

export function decodeGray(bytes: Buffer, type: ImageType): Gray | null {
  let width: number;
  let height: number;
  let rgba: Uint8Array;
  // Larger than this is left to the engine as it is, known from the header: pngjs decodes a whole
  // picture before anyone can look at its size.
  const size = readImageSize(bytes, type);
  if (!size || size.width * size.height > PIXELS_MAX) return null;
  try {
    if (type === 'png') {
      const png = PNG.sync.read(bytes);
      ({ width, height } = png);
      rgba = png.data;
    } else if (type === 'jpeg') {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        maxResolutionInMP: PIXELS_MAX / 1e6,
        maxMemoryUsageInMB: 512,
      });
      ({ width, height } = img);
      rgba = img.data;
    } else return null;
  } catch {
    return null;
  }
  if (width * height > PIXELS_MAX) return null;
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    // Transparent pixels count as white (a PNG cut-out of a label).
    const a = (rgba[p + 3] as number) / 255;
    const y = 0.299 * (rgba[p] as number) + 0.587 * (rgba[p + 1] as number) + 0.114 * (rgba[p + 2] as number);
    data[i] = Math.round(y * a + 255 * (1 - a));
  }
  return { width, height, data };
}

/** Otsu's threshold of the luminance histogram. */
function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of data) hist[v] = (hist[v] as number) + 1;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] as number);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] as number;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * (hist[t] as number);
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * Whitens barcodes: the bars under each line of an Apple box label make tesseract split or drop the
 * line above them. A bar is a dark connected shape much taller than a letter and thin; letters are
 * measured as the median height of the shapes that are not thin. Answers how many shapes it erased.
 */
export function eraseBars(img: Gray): { erased: number; letter: number } {
  const { width, height, data } = img;
  const threshold = otsu(data);
  const n = width * height;
  const label = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const boxes: { x0: number; y0: number; x1: number; y1: number; pixels: number }[] = [];
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1 || (data[start] as number) > threshold) continue;
    const id = boxes.length;
    const box = { x0: width, y0: height, x1: 0, y1: 0, pixels: 0 };
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const p = stack[--top] as number;
      const x = p % width;
      const y = (p - x) / width;
      box.pixels++;
      if (x < box.x0) box.x0 = x;
      if (x > box.x1) box.x1 = x;
      if (y < box.y0) box.y0 = y;
      if (y > box.y1) box.y1 = y;
      const push = (q: number) => {
        if (label[q] === -1 && (data[q] as number) <= threshold) {
          label[q] = id;
          stack[top++] = q;
        }
      };
      if (x > 0) push(p - 1);
      if (x < width - 1) push(p + 1);
      if (y > 0) push(p - width);
      if (y < height - 1) push(p + width);
    }
    boxes.push(box);
  }
  const heights: number[] = [];
  for (const b of boxes) {
    const w = b.x1 - b.x0 + 1;
    const h = b.y1 - b.y0 + 1;
    if (h >= 6 && w >= h / 3 && w <= h * 3) heights.push(h);
  }
  if (heights.length < 5) return { erased: 0, letter: 0 };
  heights.sort((a, b) => a - b);
  const letter = heights[Math.floor(heights.length / 2)] as number;
  const erase = new Uint8Array(boxes.length);
  let erased = 0;
  boxes.forEach((b, i) => {
    const w = b.x1 - b.x0 + 1;
    const h = b.y1 - b.y0 + 1;
    if (h > letter * 1.8 && w * 2.5 < h) {
      erase[i] = 1;
      erased++;
    }
  });
  if (erased > 0)
    for (let p = 0; p < n; p++) {
      const id = label[p] as number;
      if (id >= 0 && erase[id]) data[p] = 255;
    }
  return { erased, letter };
}

/** Twice the size, bilinear: the engine misreads letters under about 20 pixels high. */
export function upscale2(img: Gray): Gray {
  const { width, height, data } = img;
  const w2 = width * 2;
  const h2 = height * 2;
  const out = new Uint8Array(w2 * h2);
  for (let y = 0; y < h2; y++) {
    const sy = Math.min(height - 1, Math.max(0, (y - 0.5) / 2));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w2; x++) {
      const sx = Math.min(width - 1, Math.max(0, (x - 0.5) / 2));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const a = (data[y0 * width + x0] as number) * (1 - fx) + (data[y0 * width + x1] as number) * fx;
      const b = (data[y1 * width + x0] as number) * (1 - fx) + (data[y1 * width + x1] as number) * fx;
      out[y * w2 + x] = Math.round(a * (1 - fy) + b * fy);
    }
  }
  return { width: w2, height: h2, data: out };
}

/** Letters shorter than this (pixels) are enlarged before recognition. */
const SMALL_LETTER = 16;

export function encodePng(img: Gray): Buffer {
  const png = new PNG({
    width: img.width,
    height: img.height,
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
  });
  png.data = Buffer.from(img.data);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

/**
 * The photo prepared for the engine as a grey PNG: dark mode inverted, barcodes erased, small text
 * (or any, with `enlarge`) enlarged; null when nothing was changed (send the original).
 */
export function cleanForOcr(bytes: Buffer, type: ImageType, enlarge = false): Buffer | null {
  const gray = decodeGray(bytes, type);
  if (!gray) return null;
  // Light text on dark (dark mode): the engine reads dark on light far better.
  let sum = 0;
  for (const v of gray.data) sum += v;
  const dark = sum / gray.data.length < 100;
  if (dark) for (let i = 0; i < gray.data.length; i++) gray.data[i] = 255 - (gray.data[i] as number);
  const { erased, letter } = eraseBars(gray);
  const small =
    (enlarge || (letter > 0 && letter < SMALL_LETTER)) && gray.width * gray.height * 4 <= PIXELS_MAX;
  if (small) return encodePng(upscale2(gray));
  return erased > 0 || dark ? encodePng(gray) : null;
}
