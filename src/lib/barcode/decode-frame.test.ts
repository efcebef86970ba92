import { describe, expect, it } from 'vitest';
import { barcodeFrame, blankFrame } from '#tests/setup/barcode-image.ts';
import { scanFrames, type FrameSource } from './camera-scan.ts';
import { decodeFrame } from './decode-frame.ts';

describe('decodeFrame', () => {
  it('reads the SN and IMEI barcodes of a box label (Code 128, Code 39)', async () => {
    expect(await decodeFrame(await barcodeFrame('353911200003011'))).toBe('353911200003011');
    expect(await decodeFrame(await barcodeFrame('F2LXK1ABHG7F'))).toBe('F2LXK1ABHG7F');
    expect(await decodeFrame(await barcodeFrame('C39XQ2ABJC6M', 'code39'))).toBe('C39XQ2ABJC6M');
  });

  it('answers null for a frame without a code', async () => {
    expect(await decodeFrame(blankFrame())).toBeNull();
  });
});

describe('scanFrames', () => {
  it('looks at frame after frame until a code shows, hands it over, and stops the source', async () => {
    const frames = [null, blankFrame(), await barcodeFrame('353911200003011')];
    let stopped = false;
    const source: FrameSource = {
      grab: () => (frames.length > 1 ? frames.shift()! : frames[0]!),
      stop: () => {
        stopped = true;
      },
    };
    const codes: string[] = [];
    const stop = scanFrames(source, (code) => codes.push(code), 1);
    await expect.poll(() => codes.length).toBeGreaterThan(0);
    stop();
    expect(codes[0]).toBe('353911200003011');
    expect(stopped).toBe(true);
  });
});
