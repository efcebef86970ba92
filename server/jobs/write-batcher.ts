/**
 * Gathers writes made by many concurrent tasks and applies them together: one transaction for
 * everything queued while the previous batch was being written. Under load the batches grow by
 * themselves; alone, a write goes out at once (on the next turn of the event loop).
 */
export class WriteBatcher<W, R> {
  private queue: Array<{ write: W; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private readonly applyBatch: (writes: W[]) => Promise<R[]>;
  private readonly maxBatch: number;
  constructor(applyBatch: (writes: W[]) => Promise<R[]>, maxBatch = 2000) {
    this.applyBatch = applyBatch;
    this.maxBatch = maxBatch;
  }

  write(write: W): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once every write queued so far is applied. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.flushing || this.scheduled) {
      if (this.flushing) await this.flushing;
      else await new Promise<void>((r) => setImmediate(r));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.queue.length > 0) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    try {
      const results = await this.applyBatch(batch.map((b) => b.write));
      batch.forEach((b, i) => b.resolve(results[i] as R));
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}
