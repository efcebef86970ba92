import { MAX_BATCH_LINES, validateBatch, type BatchResult } from '#contract/identifiers/batch.ts';
import { splitIdentifierText } from '#contract/identifiers/split.ts';

/** What the paste box shows under the text: counts and every rejected line with its reason. */
export interface LineStats {
  /** Pieces found in the text (after splitting on tabs, spaces, commas, new lines). */
  total: number;
  valid: BatchResult['valid'];
  invalid: BatchResult['invalid'];
  duplicates: BatchResult['duplicates'];
  /** More than MAX_BATCH_LINES pieces: only the first ones were checked, the order is refused. */
  tooMany: boolean;
}

export const EMPTY_STATS: LineStats = { total: 0, valid: [], invalid: [], duplicates: [], tooMany: false };

/** Lines checked between two yields to the browser: a few milliseconds of work each. */
export const CHUNK_LINES = 5_000;

export interface LineStatsOptions {
  /** Values already in the order being added to (15-digit IMEIs, upper-case serials). */
  existing?: ReadonlySet<string>;
  /** Stop early (the text changed): the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Lets the browser paint and handle input between chunks (tests pass a no-op). */
  yieldToBrowser?: () => Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Checks pasted text the way the server will (contract/identifiers), in chunks with a yield between
 * them so 100,000 lines never freeze typing. Duplicates are found across chunks: each chunk is
 * checked against every value accepted before it, and a repeat is told apart from a device already
 * in the order by `existing`.
 */
export async function computeLineStats(text: string, options: LineStatsOptions = {}): Promise<LineStats> {
  const { existing, signal, yieldToBrowser = nextTask } = options;
  // For the bench and performance tools: how long a check of the whole text takes.
  performance.mark('checks:lines-start');
  const pieces = splitIdentifierText(text);
  const tooMany = pieces.length > MAX_BATCH_LINES;
  const lines = tooMany ? pieces.slice(0, MAX_BATCH_LINES) : pieces;
  const stats: LineStats = { total: pieces.length, valid: [], invalid: [], duplicates: [], tooMany };
  const seen = new Set<string>(existing);
  for (let start = 0; start < lines.length; start += CHUNK_LINES) {
    if (start > 0) {
      await yieldToBrowser();
      signal?.throwIfAborted();
    }
    const chunk = validateBatch(lines.slice(start, start + CHUNK_LINES), seen);
    for (const v of chunk.valid) {
      seen.add(v.value);
      stats.valid.push({ ...v, line: v.line + start });
    }
    for (const r of chunk.invalid) stats.invalid.push({ ...r, line: r.line + start });
    for (const d of chunk.duplicates) {
      const of = d.of === 'order' && !existing?.has(d.value) ? 'input' : d.of;
      stats.duplicates.push({ ...d, line: d.line + start, of });
    }
  }
  performance.mark('checks:lines-end');
  return stats;
}
