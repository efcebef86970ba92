import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/**
 * Image bombs of issue 25 for the recogniser's tests and bench: small files that a decoder turns
 * into gigabytes. Built here, byte by byte, so the tests need no image tool.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real, complete PNG of `side` x `side` white pixels, 1 bit grey: its rows deflate to almost
 * nothing (20000 x 20000 is about 50 kB), decoded it is side² x 4 bytes (1.6 GB at 20000).
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const row = Buffer.alloc(1 + Math.ceil(side / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * side);
  for (let y = 0; y < side; y++) row.copy(raw, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A JPEG that lies: a real 16 x 16 picture whose start-of-frame claims `side` x `side`, behind an
 * Exif-like APP1 segment and a comment (so a reader must walk the segments to find the frame).
 * Under a kilobyte; a decoder that believes it allocates side² pixels.
 */
export function lyingJpeg(side = 20_000): Buffer {
  const data = Buffer.alloc(16 * 16 * 4, 0xff);
  const real = Buffer.from(jpeg.encode({ data, width: 16, height: 16 }, 50).data);
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, 0x00, 0x12]),
    Buffer.from('Exif\0\0'),
    Buffer.alloc(10),
  ]);
  const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x07]), Buffer.from('bomb!')]);
  const out = Buffer.concat([real.subarray(0, 2), app1, com, real.subarray(2)]);
  // Patch the first SOF0 (FF C0 len(2) precision(1) height(2) width(2)).
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  out.writeUInt16BE(side, sof + 5);
  out.writeUInt16BE(side, sof + 7);
  return out;
}

/** A data URL of the bytes, as the PWA sends them. */
export const imageDataUrl = (mime: string, bytes: Buffer) =>
  `data:${mime};base64,${bytes.toString('base64')}`;
