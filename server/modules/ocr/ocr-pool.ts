import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { OcrEngine } from './tesseract.ts';

/**
 * At most `concurrency` recognitions at once (each a child process on one core), at most
 * `queueMax` waiting; past that the caller is told the service is busy instead of waiting minutes.
 */
export class OcrPool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly engine: OcrEngine;
  readonly concurrency: number;
  readonly queueMax: number;
  constructor(engine: OcrEngine, options: { concurrency: number; queueMax: number }) {
    this.engine = engine;
    this.concurrency = options.concurrency;
    this.queueMax = options.queueMax;
  }

  /** Runs `work` (cleaning and recognising one photo) when a slot is free. */
  async run<T>(work: (engine: OcrEngine) => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queueMax) throw new AppError(ErrCode.OCR_BUSY);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work(this.engine);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
