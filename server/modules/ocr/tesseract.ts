import { spawn } from 'node:child_process';

/** What the recogniser read: lines of words it is reasonably sure of, and how sure overall. */
export interface OcrResult {
  /** Lines joined with '\n'; '' when nothing was read. */
  text: string;
  /** Words kept. */
  words: number;
  /** Mean confidence (0-100) of the words kept; 0 when none. */
  confidence: number;
  /** Characters of the words the engine is fairly sure of (a blurred photo has few or none). */
  sureChars: number;
}

export interface OcrEngine {
  recognise(image: Buffer, signal?: AbortSignal): Promise<OcrResult>;
}

export class OcrEngineError extends Error {
  readonly kind: 'missing' | 'failed' | 'timeout' | 'memory' | 'unreadable';
  constructor(kind: OcrEngineError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * Address space a tesseract run may take (MB). Reading a 48 MP label took 207 MB resident here and
 * ran under a 256 MB cap; the 20000 x 20000 bomb of issue 25 took tesseract to 1.46 GB. 768 leaves
 * a real 50 MP photo (the pixel cap, image.ts) room for its noise, and ends a run that goes beyond.
 */
export const TESSERACT_MEMORY_MB = 768;

/**
 * The engine run under a memory cap: a POSIX shell sets its address-space limit (ulimit -v, in kB;
 * the same setrlimit(RLIMIT_AS) as util-linux's prlimit, without needing it) and execs tesseract in
 * its place, so the child's pid is tesseract's and a kill reaches it. $1 is the limit, the rest the
 * command.
 */
const LIMITED_EXEC = 'ulimit -v "$1" && shift && exec "$@"';

const OUT_OF_MEMORY =
  /bad_alloc|out of memory|Cannot allocate|failed to map segment|Thread creation failed|Resource temporarily unavailable/i;

/** Words below this confidence are dropped as noise. */
const WORD_CONFIDENCE_MIN = 5;
/** Words at or above this confidence are "sure": a blurred photo's guesses stay below it. */
const WORD_CONFIDENCE_SURE = 60;

/**
 * Reads tesseract's TSV (level 5 rows are words, with block/paragraph/line numbers and a
 * confidence): the confident words, line by line.
 */
export function parseTsv(tsv: string): OcrResult {
  const lines = new Map<string, string[]>();
  let sum = 0;
  let words = 0;
  let sureChars = 0;
  for (const row of tsv.split('\n').slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const conf = Number(cols[10]);
    const word = (cols[11] ?? '').trim();
    if (!word || !(conf >= WORD_CONFIDENCE_MIN)) continue;
    const key = `${cols[1]}.${cols[2]}.${cols[3]}.${cols[4]}`;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = []));
    line.push(word);
    sum += conf;
    words++;
    if (conf >= WORD_CONFIDENCE_SURE) sureChars += word.replace(/[^0-9A-Za-z]/g, '').length;
  }
  return {
    text: [...lines.values()].map((l) => l.join(' ')).join('\n'),
    words,
    confidence: words === 0 ? 0 : Math.round(sum / words),
    sureChars,
  };
}

/**
 * Tesseract (Debian's tesseract-ocr and tesseract-ocr-eng, installed by .ci/run) run as a child
 * process per image: the image goes in on stdin, TSV comes out on stdout. A child process keeps the
 * API's event loop free and a crash of the engine harmless; OMP_THREAD_LIMIT=1 keeps each run on
 * one core so the pool's size is the number of cores used.
 */
export class TesseractCli implements OcrEngine {
  private readonly binary: string;
  private readonly timeoutMs: number;
  private readonly memoryMb: number;
  private readonly psm: string;
  /**
   * psm 3: automatic page layout (screenshots); 11: sparse text, no order (labels with barcodes).
   * memoryMb: the child's address space (a run that needs more fails, answered as OCR_FAILED).
   */
  constructor(options: { binary?: string; timeoutMs?: number; memoryMb?: number; psm?: 3 | 11 } = {}) {
    this.binary = options.binary ?? 'tesseract';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.memoryMb = options.memoryMb ?? TESSERACT_MEMORY_MB;
    this.psm = String(options.psm ?? 3);
  }

  recognise(image: Buffer, signal?: AbortSignal): Promise<OcrResult> {
    return new Promise((resolve, reject) => {
      const args = ['stdin', 'stdout', '-l', 'eng', '--psm', this.psm, 'tsv'];
      const child = spawn(
        '/bin/sh',
        ['-c', LIMITED_EXEC, 'tesseract', String(this.memoryMb * 1024), this.binary, ...args],
        {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: ['pipe', 'pipe', 'pipe'],
          signal,
        },
      );
      const out: Buffer[] = [];
      let err = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new OcrEngineError('timeout', `tesseract took over ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        if (err.length < 4000) err += chunk.toString('utf8');
      });
      child.on('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          e.code === 'ENOENT'
            ? new OcrEngineError('missing', 'tesseract is not installed (apt-get install tesseract-ocr)')
            : new OcrEngineError('failed', e.message),
        );
      });
      child.on('close', (code, killedBy) => {
        clearTimeout(timer);
        if (code === 0) resolve(parseTsv(Buffer.concat(out).toString('utf8')));
        // The shell's "not found": the binary is not installed.
        else if (code === 127 && /not found/i.test(err))
          reject(new OcrEngineError('missing', 'tesseract is not installed (apt-get install tesseract-ocr)'));
        // Past the cap: an allocation fails (bad_alloc aborts), or the loader cannot even map it.
        else if (killedBy === 'SIGABRT' || OUT_OF_MEMORY.test(err))
          reject(new OcrEngineError('memory', `tesseract went over its ${this.memoryMb} MB`));
        else if (/pixReadMem|Error in pix|Unsupported image|read image/i.test(err))
          reject(new OcrEngineError('unreadable', err.trim().slice(0, 300)));
        else reject(new OcrEngineError('failed', `tesseract exited ${code}: ${err.trim().slice(0, 300)}`));
      });
      // An engine that closes stdin early (an unreadable image) must not crash the server.
      child.stdin.on('error', () => {});
      child.stdin.end(image);
    });
  }
}
