// The engine's own bounds (issue 25): tesseract runs under an address-space cap and a time limit,
// and a run past either ends as an engine error (OCR_FAILED to the caller) with its process gone.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { OcrEngineError, TesseractCli } from './tesseract.ts';

const blank = () => {
  const png = new PNG({ width: 400, height: 300 });
  png.data.fill(255);
  return PNG.sync.write(png);
};

describe('TesseractCli limits', () => {
  it('runs under its memory cap: at the default a photo is read, at 64 MB the run fails as over memory', async () => {
    await expect(new TesseractCli().recognise(blank())).resolves.toMatchObject({ words: 0 });
    // 64 MB of address space cannot hold the engine with its English data.
    const capped = new TesseractCli({ memoryMb: 64 }).recognise(blank());
    await expect(capped).rejects.toBeInstanceOf(OcrEngineError);
    await expect(capped).rejects.toMatchObject({ kind: 'memory' });
  }, 30_000);

  it('a run over its time limit is killed and answers timeout', async () => {
    const started = Date.now();
    await expect(new TesseractCli({ timeoutMs: 30 }).recognise(blank())).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  }, 30_000);

  it('a missing binary is told apart from a failing one', async () => {
    await expect(
      new TesseractCli({ binary: '/nonexistent/tesseract' }).recognise(blank()),
    ).rejects.toMatchObject({
      kind: 'missing',
    });
  });
});
