import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { imageDataUrl, lyingJpeg, pngBomb } from '#tests/setup/image-bombs.ts';
import { readImageSize } from './image-header.ts';
import { decodeImageDataUrl, IMAGE_PIXELS_MAX } from './image.ts';

const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));
const jpg = (width: number, height: number) =>
  Buffer.from(jpeg.encode({ data: Buffer.alloc(width * height * 4, 200), width, height }, 80).data);

describe('readImageSize', () => {
  it('reads PNG IHDR and a baseline JPEG frame as a decoder would', () => {
    expect(readImageSize(png(37, 21), 'png')).toEqual({ width: 37, height: 21 });
    expect(readImageSize(jpg(40, 24), 'jpeg')).toEqual({ width: 40, height: 24 });
  });

  it('walks JPEG segments (APP1, comment, fill bytes) to a frame found after them, progressive too', () => {
    expect(readImageSize(lyingJpeg(20_000), 'jpeg')).toEqual({ width: 20_000, height: 20_000 });
    // Fill bytes before a marker, then a progressive frame (SOF2) after a DQT-like segment.
    const sof2 = Buffer.from([
      0xff, 0xd8, 0xff, 0xff, 0xdb, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc2, 0x00, 0x0b, 0x08, 0x01, 0x2c, 0x02,
      0x58, 0x01, 0x01, 0x11, 0x00,
    ]);
    expect(readImageSize(sof2, 'jpeg')).toEqual({ width: 600, height: 300 });
    // DHT (C4) is no frame: its bytes are not read as a size.
    const dhtThenEnd = Buffer.from([
      0xff, 0xd8, 0xff, 0xc4, 0x00, 0x07, 0x4e, 0x20, 0x4e, 0x20, 0x00, 0xff, 0xd9,
    ]);
    expect(readImageSize(dhtThenEnd, 'jpeg')).toBeNull();
    // The scan before any frame, or a segment running past the end: no size.
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), 'jpeg')).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00, 0x01]), 'jpeg')).toBeNull();
  });

  it('reads WebP VP8, VP8L and VP8X headers', () => {
    const riff = (chunk: string, body: number[]) => {
      const b = Buffer.alloc(40);
      b.write('RIFF', 0);
      b.write('WEBP', 8);
      b.write(chunk, 12);
      Buffer.from(body).copy(b, 20);
      return b;
    };
    // VP8: frame tag, start code, 14-bit width 640 and height 480 (little endian).
    expect(readImageSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]), 'webp')).toEqual({
      width: 640,
      height: 480,
    });
    // VP8L: 0x2F, then (width-1) | (height-1) << 14 = 99 | 49 << 14.
    const bits = 99 | (49 << 14);
    expect(
      readImageSize(
        riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]),
        'webp',
      ),
    ).toEqual({ width: 100, height: 50 });
    // VP8X: flags, then 24-bit canvas width-1 = 19999 and height-1 = 19999.
    const w = 19_999;
    const size = [w & 0xff, (w >> 8) & 0xff, w >> 16];
    expect(readImageSize(riff('VP8X', [0, 0, 0, 0, ...size, ...size]), 'webp')).toEqual({
      width: 20_000,
      height: 20_000,
    });
    expect(readImageSize(riff('VP8 ', [0, 0, 0, 1, 2, 3]), 'webp')).toBeNull();
  });
});

describe('decodeImageDataUrl', () => {
  it('refuses a 20000 x 20000 PNG and a lying JPEG by their headers: 3165', () => {
    for (const [mime, bytes] of [
      ['image/png', pngBomb()],
      ['image/jpeg', lyingJpeg()],
    ] as const)
      expect(() => decodeImageDataUrl(imageDataUrl(mime, bytes))).toThrow(
        expect.objectContaining({ errcode: ErrCode.OCR_TOO_MANY_PIXELS }),
      );
  });

  it('takes a phone photo of 50 MP (8160 x 6120), not one pixel row more; a side over 16384 is refused', () => {
    expect(8160 * 6120).toBeLessThanOrEqual(IMAGE_PIXELS_MAX);
    expect(decodeImageDataUrl(imageDataUrl('image/jpeg', lyingJpeg(7000))).size).toEqual({
      width: 7000,
      height: 7000,
    });
    expect(() => decodeImageDataUrl(imageDataUrl('image/jpeg', lyingJpeg(7072)))).toThrow(
      expect.objectContaining({ errcode: ErrCode.OCR_TOO_MANY_PIXELS }),
    );
  });

  it('a PNG signature without its header is unreadable (3164), before any engine runs', () => {
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    expect(() => decodeImageDataUrl(imageDataUrl('image/png', broken))).toThrow(
      expect.objectContaining({ errcode: ErrCode.OCR_FAILED }),
    );
  });
});
