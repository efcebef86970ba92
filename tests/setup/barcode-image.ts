import { toBuffer } from 'bwip-js/node';
import { PNG } from 'pngjs';
import type { Frame } from '#src/lib/barcode/decode-frame.ts';

/**
 * A picture of a barcode, as a camera frame would hold it (RGBA), drawn by bwip-js: tests feed it
 * to the scanner where a phone would give a video frame (CI has no camera).
 */
export async function barcodeFrame(text: string, bcid: 'code128' | 'code39' = 'code128'): Promise<Frame> {
  const png = await toBuffer({
    bcid,
    text,
    scale: 3,
    height: 12,
    paddingwidth: 24,
    paddingheight: 24,
    backgroundcolor: 'FFFFFF',
  });
  const image = PNG.sync.read(png);
  return {
    data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    width: image.width,
    height: image.height,
  };
}

/** A blank frame (a white wall): no code in it. */
export function blankFrame(width = 320, height = 200): Frame {
  return { data: new Uint8ClampedArray(width * height * 4).fill(255), width, height };
}

/**
 * A still video (YUV4MPEG2, 4:2:0) showing `frame`: Chromium's fake camera plays it
 * (--use-file-for-fake-video-capture), so an end-to-end test scans a label without a camera.
 */
export function y4mVideo(frame: Frame): Buffer {
  const width = frame.width - (frame.width % 2);
  const height = frame.height - (frame.height % 2);
  const y = Buffer.alloc(width * height);
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      const p = (row * frame.width + col) * 4;
      const r = frame.data[p] ?? 0;
      const g = frame.data[p + 1] ?? 0;
      const b = frame.data[p + 2] ?? 0;
      y[row * width + col] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, Buffer.from('FRAME\n'), y, chroma, chroma]);
}
