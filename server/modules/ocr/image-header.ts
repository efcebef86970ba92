import type { ImageType } from './image.ts';

/** Width and height as the file's header states them (what a decoder would allocate for). */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The picture's size read from its header alone, without decoding a pixel (issue 25: a 585 kB PNG of
 * 20000 x 20000 took the server to 2.45 GB once decoded). null when the header is missing or broken:
 * such a file is refused too, as a decoder could not read it either.
 */
export function readImageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  if (type === 'png') return pngSize(bytes);
  if (type === 'jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

const u16be = (b: Uint8Array, i: number) => ((b[i] as number) << 8) | (b[i + 1] as number);
const u16le = (b: Uint8Array, i: number) => (b[i] as number) | ((b[i + 1] as number) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] as number) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** PNG: the first chunk must be IHDR (8-byte signature, length, "IHDR", width, height). */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null;
  return sized(u32be(b, 16), u32be(b, 20));
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * JPEG: walks the segments from the start (APPn, Exif thumbnails, tables, comments may come first)
 * to the first start-of-frame, whose header holds the height and width. Reaching the scan (SOS) or
 * the end without one: no size.
 */
function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2; // after SOI (FF D8)
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null; // every segment starts with a marker
    let marker = b[i + 1] as number;
    // Fill bytes: any number of FF before the marker code.
    while (marker === 0xff && i + 2 < b.length) marker = b[++i + 1] as number;
    i += 2;
    // Markers without a length: TEM and RSTn (and a stray SOI).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or the scan: no frame before
    if (i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    if (isSof(marker)) {
      if (length < 7 || i + 7 > b.length) return null;
      return sized(u16be(b, i + 5), u16be(b, i + 3));
    }
    i += length;
  }
  return null;
}

/** WebP: RIFF, "WEBP", then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk first. */
function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale each).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Signature 2F, then width - 1 and height - 1 in 14 bits each, least significant bit first.
    if (b[20] !== 0x2f) return null;
    const bits =
      (b[21] as number) | ((b[22] as number) << 8) | ((b[23] as number) << 16) | ((b[24] as number) << 24);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Flags (4 bytes), then canvas width - 1 and height - 1 in 24 bits each.
    return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
  }
  return null;
}

const sized = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null;
