import { Worker } from 'node:worker_threads';
import type { ImageType } from './image.ts';

/**
 * Worker threads that prepare photos for the recogniser (clean-worker.ts): at most `size` threads,
 * made on first use and reused; one that fails is replaced. The caller (OcrPool) never runs more
 * than `size` at once.
 */
/** Beside this module: its source when run as TypeScript, the built file in the server bundle
 * (scripts/build-server.ts makes clean-worker.mjs an entry of its own). */
const WORKER_FILE = import.meta.url.endsWith('.ts') ? './clean-worker.ts' : './clean-worker.mjs';

export class ImageCleaner {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private closed = false;

  private spawn(): Worker {
    const worker = new Worker(new URL(WORKER_FILE, import.meta.url));
    worker.unref();
    this.all.add(worker);
    return worker;
  }

  /** The photo as a grey PNG without barcodes, or null to use the original. */
  clean(bytes: Buffer, type: ImageType, enlarge = false): Promise<Buffer | null> {
    if (this.closed) return Promise.resolve(null);
    const worker = this.idle.pop() ?? this.spawn();
    return new Promise((resolve) => {
      const done = (png: Buffer | null, healthy: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (healthy && !this.closed) this.idle.push(worker);
        else {
          this.all.delete(worker);
          void worker.terminate();
        }
        resolve(png);
      };
      const onMessage = (m: { png: Uint8Array | null }) =>
        done(m.png ? Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength) : null, true);
      const onError = () => done(null, false);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ bytes, type, enlarge });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((w) => w.terminate()));
    this.all.clear();
    this.idle.length = 0;
  }
}
