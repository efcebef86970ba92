import { z } from 'zod';

/**
 * Longest image data URL accepted by `identify_sn_imei`, in characters (about 6 MB of image once
 * base64 is decoded). The server's body limit for that route must allow it; the PWA scales photos
 * down before sending, so real requests are far smaller.
 */
export const IMAGE_DATA_URL_MAX = 8 * 1024 * 1024;
export const IMAGE_DATA_URL_RE = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** A photo of a label, box or settings screen, as a base64 PNG, JPEG or WebP data URL. */
export const identifySnImeiInput = z.object({
  image: z
    .string()
    .max(IMAGE_DATA_URL_MAX, { error: 'The image is too large.' })
    .regex(IMAGE_DATA_URL_RE, { error: 'Not a PNG, JPEG or WebP data URL.' }),
});
export type IdentifySnImeiInput = z.input<typeof identifySnImeiInput>;

/**
 * The text recognised in the photo, lines joined with '\n' ('' when none). The PWA extracts the SNs
 * and IMEIs from it with the same rules as pasted text.
 */
export const identifySnImeiOutput = z.object({ content: z.string() });
export type IdentifySnImeiDatas = z.infer<typeof identifySnImeiOutput>;
