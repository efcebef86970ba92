import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';

/** Largest decoded image the recogniser takes (the data URL limit of the contract is about this). */
export const IMAGE_BYTES_MAX = 6 * 1024 * 1024;

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

/** The image of a data URL checked: an image by its bytes, not too large. */
export function decodeImageDataUrl(dataUrl: string): { bytes: Buffer; type: ImageType } {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length > IMAGE_BYTES_MAX) throw new AppError(ErrCode.OCR_TOO_LARGE);
  const type = sniffImage(bytes);
  if (!type) throw new AppError(ErrCode.OCR_NOT_IMAGE);
  return { bytes, type };
}
