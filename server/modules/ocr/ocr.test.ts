// suite-on-postgresql: skip. Reading labels is tesseract's work on images, the same on either
// database (20 s a run): the PostgreSQL run of the server suite leaves it out (vite.config.ts).
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { extractPhotoCandidates } from '#contract/identifiers/photo-text.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { lyingJpeg, pngBomb } from '#tests/setup/image-bombs.ts';
import { launch, renderBlurredLabel, renderOcrFixtures, type OcrFixture } from '#tests/setup/ocr-fixtures.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

// Real recognition: Debian's tesseract-ocr (installed by .ci/run) in child processes, photo clean-up
// in worker threads, through the real endpoint.
let s: TestServer;
let token: string;
let fixtures: OcrFixture[];
let blurred: Buffer;

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const identify = (image: string) => callEndpoint(s, endpoints.identifySnImei, { image }, { token });

beforeAll(async () => {
  s = await createTestServer();
  token = await s.session();
  const browser = await launch();
  try {
    fixtures = await renderOcrFixtures({ count: 24, browser });
    blurred = await renderBlurredLabel(browser);
  } finally {
    await browser.close();
  }
}, 120_000);
afterAll(async () => {
  await s.close();
});

describe('identify_sn_imei', () => {
  it('finds at least 95% of the identifiers on 24 labels, stickers and screenshots', async () => {
    // Two at a time: one shop holds at most two places (running and waiting), more are "busy".
    const results: { f: OcrFixture; found: string[]; missed: string[] }[] = [];
    for (let i = 0; i < fixtures.length; i += 2) {
      const batch = await Promise.all(
        fixtures.slice(i, i + 2).map(async (f) => {
          const res = await identify(dataUrl(f.mime, f.image));
          expect(res.errcode, `${f.name}: ${res.msg}`).toBe(0);
          const found = extractPhotoCandidates(res.datas.content).map((c) => c.value);
          return { f, found, missed: f.identifiers.filter((id) => !found.includes(id)) };
        }),
      );
      results.push(...batch);
    }
    const total = results.reduce((n, r) => n + r.f.identifiers.length, 0);
    const missed = results.flatMap((r) => r.missed.map((id) => `${r.f.name}: ${id}`));
    const wrong = results.flatMap((r) => r.found.filter((v) => !r.f.identifiers.includes(v)));
    console.log(
      `OCR fixtures: ${total - missed.length}/${total} identifiers found exactly ` +
        `(${(((total - missed.length) / total) * 100).toFixed(1)}%), ${wrong.length} extra candidates; missed: ${missed.join(', ') || 'none'}`,
    );
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
    expect((total - missed.length) / total).toBeGreaterThanOrEqual(0.95);
  }, 240_000);

  it('a blurred photo and an empty one get a clear message', async () => {
    const res = await identify(dataUrl('image/jpeg', blurred));
    expect(res).toMatchObject({
      errcode: ErrCode.OCR_NO_TEXT,
      msg: '照片中未识别到文字，请对准标签、保持清晰后重拍',
    });
    const png = new PNG({ width: 400, height: 300 });
    png.data.fill(200);
    const empty = await identify(dataUrl('image/png', PNG.sync.write(png)));
    expect(empty.errcode).toBe(ErrCode.OCR_NO_TEXT);
  }, 60_000);

  it('a file that is not an image, whatever its data URL says, is refused', async () => {
    const res = await identify(dataUrl('image/png', Buffer.from('%PDF-1.7 this is a document, not a photo')));
    expect(res).toMatchObject({
      errcode: ErrCode.OCR_NOT_IMAGE,
      msg: '上传的文件不是图片（支持 PNG、JPEG、WebP）',
    });
    // A broken image (a PNG signature, then nothing): the engine cannot read it, the server stays up.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    expect((await identify(dataUrl('image/png', broken))).errcode).toBe(ErrCode.OCR_FAILED);
  });

  it('a 30 MB photo is refused as too large before it is read', async () => {
    const image = `data:image/jpeg;base64,${'A'.repeat(30 * 1024 * 1024)}`;
    const res = await identify(image);
    expect(res).toMatchObject({ errcode: ErrCode.OCR_TOO_LARGE, msg: '图片过大，请缩小后再上传' });
  });

  it("image bombs are refused by their headers at once (3165) while another shop's photo is read", async () => {
    // Ten at once from one shop: a 20000 x 20000 PNG (1.6 GB decoded) and a JPEG under a kilobyte
    // whose frame claims the same. None reaches a decoder or the engine.
    const bombs = [pngBomb(), lyingJpeg()];
    const other = await addOtherShop(s);
    const fixture = fixtures.find((f) => f.identifiers.length > 0) as OcrFixture;
    const started = Date.now();
    const [normal, ...refused] = await Promise.all([
      callEndpoint(
        s,
        endpoints.identifySnImei,
        { image: dataUrl(fixture.mime, fixture.image) },
        { token: other.token },
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        identify(dataUrl(i % 2 ? 'image/jpeg' : 'image/png', bombs[i % 2] as Buffer)).then((r) => ({
          ...r,
          ms: Date.now() - started,
        })),
      ),
    ]);
    for (const r of refused)
      expect(r).toMatchObject({
        errcode: ErrCode.OCR_TOO_MANY_PIXELS,
        msg: '图片像素过多（最多 5000 万像素），请缩小后再上传',
      });
    console.log(`10 bombs refused in at most ${Math.max(...refused.map((r) => r.ms))} ms`);
    expect(normal.errcode, normal.msg).toBe(0);
    const found = extractPhotoCandidates(normal.datas.content).map((c) => c.value);
    expect(found.some((v) => fixture.identifiers.includes(v))).toBe(true);
  }, 60_000);

  it("one shop holds at most two places: its third photo at once is told busy, another shop's is read", async () => {
    const other = await addOtherShop(s, { username: 'boss3', name: '第三家店' });
    const fixture = fixtures[0] as OcrFixture;
    const image = dataUrl(fixture.mime, fixture.image);
    const mine = await Promise.all([identify(image), identify(image), identify(image)]);
    expect(mine.map((r) => r.errcode).sort()).toEqual([0, 0, ErrCode.OCR_BUSY].sort());
    const theirs = await callEndpoint(s, endpoints.identifySnImei, { image }, { token: other.token });
    expect(theirs.errcode).toBe(0);
  }, 60_000);
});
