import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { OcrEngine } from './tesseract.ts';

/**
 * At most `concurrency` recognitions at once (each a child process on one core), at most
 * `queueMax` waiting; past that the caller is told the service is busy instead of waiting minutes.
 * One account holds at most `perAccountMax` of those places (running and waiting together): a shop
 * that sends photos in a loop cannot keep every place, and a freed slot goes to the waiting photo of
 * the account with the fewest running, so another shop's photo is next (issue 25).
 */
export class OcrPool {
  private active = 0;
  private readonly waiting: { account: string; start: () => void }[] = [];
  /** Places (running + waiting) per account key. */
  private readonly held = new Map<string, number>();
  /** Running per account key. */
  private readonly running = new Map<string, number>();
  /** When each account's last run started (a counter): ties go to the one served longest ago. */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;
  private readonly engine: OcrEngine;
  readonly concurrency: number;
  readonly queueMax: number;
  readonly perAccountMax: number;
  constructor(engine: OcrEngine, options: { concurrency: number; queueMax: number; perAccountMax?: number }) {
    this.engine = engine;
    this.concurrency = options.concurrency;
    this.queueMax = options.queueMax;
    this.perAccountMax = options.perAccountMax ?? OCR_PER_ACCOUNT_MAX;
  }

  /** Runs `work` (cleaning and recognising one photo) for `account` when a slot is free. */
  async run<T>(account: string, work: (engine: OcrEngine) => Promise<T>): Promise<T> {
    const mine = this.held.get(account) ?? 0;
    if (mine >= this.perAccountMax) throw new AppError(ErrCode.OCR_BUSY);
    if (this.active >= this.concurrency && this.waiting.length >= this.queueMax)
      throw new AppError(ErrCode.OCR_BUSY);
    this.held.set(account, mine + 1);
    try {
      if (this.active >= this.concurrency)
        await new Promise<void>((start) => this.waiting.push({ account, start }));
      else this.active++;
      this.running.set(account, (this.running.get(account) ?? 0) + 1);
      this.lastStart.set(account, ++this.starts);
      try {
        return await work(this.engine);
      } finally {
        const left = (this.running.get(account) ?? 1) - 1;
        if (left > 0) this.running.set(account, left);
        else this.running.delete(account);
        // The slot passes to the next in line (or frees): a failed or killed run frees it too.
        const next = this.pickNext();
        if (next) next();
        else this.active--;
      }
    } finally {
      const left = (this.held.get(account) ?? 1) - 1;
      if (left > 0) this.held.set(account, left);
      else {
        this.held.delete(account);
        this.lastStart.delete(account);
      }
    }
  }

  /**
   * The waiting photo of the account with the fewest running; among those, of the account served
   * longest ago (round robin); among one account's, the first.
   */
  private pickNext(): (() => void) | undefined {
    let best = -1;
    let key = [Infinity, Infinity];
    this.waiting.forEach((w, i) => {
      const k = [this.running.get(w.account) ?? 0, this.lastStart.get(w.account) ?? 0];
      if (k[0]! < key[0]! || (k[0] === key[0] && k[1]! < key[1]!)) {
        key = k;
        best = i;
      }
    });
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0]?.start;
  }
}

/** Default places one account may hold (OCR_ACCOUNT_MAX): one photo read, one waiting. */
export const OCR_PER_ACCOUNT_MAX = 2;
