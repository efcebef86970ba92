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
    const job = () => pool.run((e) => e.recognise(Buffer.alloc(0)));
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
