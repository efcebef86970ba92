import { parentPort } from 'node:worker_threads';
import { cleanForOcr } from './clean-image.ts';
import type { ImageType } from './image.ts';

// A worker thread: decoding a photo and erasing its barcodes takes a CPU for up to a second, which
// must not hold up the API's event loop.
parentPort?.on('message', (msg: { bytes: Uint8Array; type: ImageType; enlarge: boolean }) => {
  let png: Buffer | null;
  try {
    png = cleanForOcr(
      Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength),
      msg.type,
      msg.enlarge,
    );
  } catch {
    png = null; // the engine gets the original
  }
  parentPort?.postMessage({ png });
});
