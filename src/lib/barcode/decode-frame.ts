import type * as ZxingLibrary from '@zxing/library';

/** One picture as the browser's ImageData holds it: RGBA bytes, row by row. */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

let zxing: Promise<typeof ZxingLibrary> | null = null;

/**
 * Reads one barcode (the 1-D codes box labels carry for SN and IMEI: Code 128/39/93, EAN, UPC,
 * ITF; and the 2-D codes ZXing knows) from a frame with ZXing, all in the browser. Answers its text, or null when the
 * frame holds no readable code. ZXing is loaded on the first call only (the scanner's chunk).
 */
export async function decodeFrame(frame: Frame): Promise<string | null> {
  zxing ??= import('@zxing/library');
  const z = await zxing;
  const { width, height, data } = frame;
  // Grey levels, green-favouring like ZXing's own RGB source.
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < luminance.length; i++, p += 4)
    luminance[i] = ((data[p] ?? 0) + 2 * (data[p + 1] ?? 0) + (data[p + 2] ?? 0)) >> 2;
  const reader = new z.MultiFormatReader();
  const hints = new Map<ZxingLibrary.DecodeHintType, unknown>([[z.DecodeHintType.TRY_HARDER, true]]);
  reader.setHints(hints);
  try {
    const bitmap = new z.BinaryBitmap(
      new z.HybridBinarizer(new z.RGBLuminanceSource(luminance, width, height)),
    );
    return reader.decode(bitmap).getText().trim() || null;
  } catch {
    // NotFound, Checksum or Format: no code to read in this frame.
    return null;
  }
}
