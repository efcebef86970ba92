/**
 * Reads one barcode from a photo (a label, a box) with ZXing, in the browser. Answers the code's
 * text, or null when the photo holds no readable barcode.
 */
export async function decodeBarcodeFromPhoto(file: File): Promise<string | null> {
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const url = URL.createObjectURL(file);
  try {
    const result = await new BrowserMultiFormatReader().decodeFromImageUrl(url);
    return result.getText().trim() || null;
  } catch {
    // ZXing's NotFound, Checksum and Format exceptions, or an image the browser cannot decode:
    // either way there is no barcode to read in it.
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
