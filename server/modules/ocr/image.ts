import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { readImageSize, type ImageSize } from './image-header.ts';

/** Largest decoded image the recogniser takes (the data URL limit of the contract is about this). */
export const IMAGE_BYTES_MAX = 6 * 1024 * 1024;

/**
 * Most pixels a photo may have, read from its header before anything is decoded (issue 25). A phone's
 * camera gives 12 MP by default and 48-50 MP at most (8160 x 6120 = 49.9 MP); the PWA sends at most
 * 2400 px on the long side (4.3 MP). Tesseract needs far less, but the server cannot scale a photo
 * down without decoding it, so the cap is what a phone produces: 50 MP. Decoded at 4 bytes a pixel
 * that is 200 MB for the engine, under its memory cap (tesseract.ts); a 20000 x 20000 "bomb" is 400 MP.
 */
export const IMAGE_PIXELS_MAX = 50_000_000;
/** Longest side: a panorama's; a 1 x 50,000,000 strip is no photo. */
export const IMAGE_SIDE_MAX = 16_384;

export type ImageType = 'png' | 'jpeg' | 'webp';

/** The type the bytes really are (their signature), whatever the data URL claims; null if none. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The image of a data URL checked: an image by its bytes, not too large in bytes, and a header
 * whose width x height is within the caps. Nothing is decoded here.
 */
export function decodeImageDataUrl(dataUrl: string): { bytes: Buffer; type: ImageType; size: ImageSize } {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length > IMAGE_BYTES_MAX) throw new AppError(ErrCode.OCR_TOO_LARGE);
  const type = sniffImage(bytes);
  if (!type) throw new AppError(ErrCode.OCR_NOT_IMAGE);
  const size = readImageSize(bytes, type);
  // No readable header: no decoder could read it either.
  if (!size) throw new AppError(ErrCode.OCR_FAILED);
  if (size.width * size.height > IMAGE_PIXELS_MAX || Math.max(size.width, size.height) > IMAGE_SIDE_MAX)
    throw new AppError(ErrCode.OCR_TOO_MANY_PIXELS);
  return { bytes, type, size };
}
