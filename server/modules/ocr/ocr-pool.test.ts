import { describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { OcrPool } from './ocr-pool.ts';
import { parseTsv, type OcrEngine } from './tesseract.ts';
import { sniffImage } from './image.ts';

describe('OcrPool', () => {
  it('runs at most `concurrency` at once, queues up to queueMax, then answers busy', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const engine: OcrEngine = {
      recognise: () =>
        new Promise((resolve) => {
          running++;
          most = Math.max(most, running);
          releases.push(() => {
            running--;
            resolve({ text: 'x', words: 1, confidence: 90, sureChars: 1 });
          });
        }),
    };
    const pool = new OcrPool(engine, { concurrency: 1, queueMax: 1 });
    let n = 0;
    const job = () => pool.run(`shop${n++}`, (e) => e.recognise(Buffer.alloc(0)));
    const first = job();
    const second = job();
    await expect(job()).rejects.toMatchObject({ errcode: ErrCode.OCR_BUSY });
    await expect(job()).rejects.toBeInstanceOf(AppError);
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 1));
    releases.shift()?.();
    await first;
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 1));
    releases.shift()?.();
    await second;
    expect(most).toBe(1);
  });
});

describe('OcrPool fairness (issue 25)', () => {
  /** An engine whose runs end when the test says, in order, each tagged with its caller. */
  function heldEngine() {
    const runs: { tag: string; end: (fail?: boolean) => void }[] = [];
    const engine: OcrEngine = {
      recognise: (image) =>
        new Promise((resolve, reject) =>
          runs.push({
            tag: image.toString(),
            end: (fail) =>
              fail
                ? reject(new Error('killed'))
                : resolve({ text: '', words: 0, confidence: 0, sureChars: 0 }),
          }),
        ),
    };
    return { engine, runs };
  }
  const settle = () => new Promise((r) => setTimeout(r, 5));

  it('one account holds at most perAccountMax places, running and waiting together', async () => {
    const { engine, runs } = heldEngine();
    const pool = new OcrPool(engine, { concurrency: 1, queueMax: 8, perAccountMax: 2 });
    const a = (tag: string) => pool.run('A', (e) => e.recognise(Buffer.from(tag)));
    const a1 = a('a1');
    const a2 = a('a2');
    await expect(a('a3')).rejects.toMatchObject({ errcode: ErrCode.OCR_BUSY });
    const b1 = pool.run('B', (e) => e.recognise(Buffer.from('b1')));
    await settle();
    // A's first runs; when it ends, B (none running) goes before A's second, which came first.
    expect(runs.map((r) => r.tag)).toEqual(['a1']);
    runs[0]?.end();
    await a1;
    await settle();
    expect(runs.map((r) => r.tag)).toEqual(['a1', 'b1']);
    runs[1]?.end();
    await b1;
    await settle();
    runs[2]?.end();
    await a2;
    // Every place is given back: A may send two again.
    const again = [a('a4'), a('a5')];
    await settle();
    runs[3]?.end();
    await settle();
    runs[4]?.end();
    await Promise.all(again);
  });

  it('a run that fails (a killed engine) frees its slot and its place', async () => {
    const { engine, runs } = heldEngine();
    const pool = new OcrPool(engine, { concurrency: 1, queueMax: 0, perAccountMax: 1 });
    const killed = pool.run('A', (e) => e.recognise(Buffer.from('bomb')));
    await settle();
    runs[0]?.end(true);
    await expect(killed).rejects.toThrow('killed');
    const next = pool.run('A', (e) => e.recognise(Buffer.from('photo')));
    await settle();
    runs[1]?.end();
    await expect(next).resolves.toMatchObject({ words: 0 });
  });
});

describe('parseTsv', () => {
  it('keeps words by line, drops noise, counts sure characters', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t95\tIMEI',
      '5\t1\t1\t1\t1\t2\t0\t0\t1\t1\t88\t356434375412302',
      '5\t1\t1\t1\t2\t1\t0\t0\t1\t1\t2\t~~~',
      '5\t1\t1\t1\t3\t1\t0\t0\t1\t1\t40\tSerial',
    ].join('\n');
    expect(parseTsv(tsv)).toEqual({
      text: 'IMEI 356434375412302\nSerial',
      words: 3,
      confidence: 74,
      sureChars: 19,
    });
  });
});

describe('sniffImage', () => {
  it('knows PNG, JPEG and WebP by their bytes', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]))).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });
});
