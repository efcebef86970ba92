/** Longest side sent to the server: labels stay legible, uploads stay small (a 30 MB photo shrinks). */
const MAX_SIDE = 2400;

/**
 * A photo as a JPEG data URL no larger than MAX_SIDE on its longest side; null when the browser
 * cannot open the file as an image.
 */
export async function photoToDataUrl(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.92);
}
