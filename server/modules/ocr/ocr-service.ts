import { ErrCode } from '#contract/errcodes.ts';
import { extractPhotoCandidates } from '#contract/identifiers/photo-text.ts';
import type { IdentifySnImeiDatas } from '#contract/schemas/checks.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { decodeImageDataUrl } from './image.ts';
import type { ImageCleaner } from './image-cleaner.ts';
import type { OcrPool } from './ocr-pool.ts';
import { OcrEngineError, type OcrEngine, type OcrResult } from './tesseract.ts';

/** Recognitions per account and minute: each costs a core for a second or so. */
export const OCR_LIMIT = { max: 30, windowMs: 60_000 };
/** Fewer sure characters than this is no text (a blurred or empty photo). */
const MIN_SURE_CHARS = 4;
/** Lines that name an identifier: fewer identifiers read than these asks for a second look. */
const LABEL_LINE = /IMEI|MEID|Serial|S\/N/i;

function misreadDigits(text: string): boolean {
  return text.split('\n').some((line) => {
    const digits = line.replace(/[^0-9]/g, '').length;
    return digits >= 13 && !extractPhotoCandidates(line).some((c) => c.kind === 'imei');
  });
}

/**
 * identify_sn_imei: the photo's text (decision 0022). In a worker thread the photo is decoded and
 * its barcodes erased (they make the engine split or drop the label line above them); tesseract
 * then reads it in a child process with automatic layout. When fewer identifiers came out than
 * label lines name, a second pass in sparse-text mode reads the scattered words, and both texts
 * are answered (the PWA takes the candidates from the whole). A line of digits that makes no valid
 * IMEI gets a third look at twice the size.
 */
export class OcrService {
  private readonly pool: OcrPool;
  private readonly sparse: OcrEngine | null;
  private readonly cleaner: ImageCleaner | null;
  private readonly limiter: RateLimiter;
  private readonly onEngineError: (err: unknown) => void;
  constructor(deps: {
    pool: OcrPool;
    /** The engine in sparse-text mode, for the second pass (null: one pass only). */
    sparse: OcrEngine | null;
    cleaner: ImageCleaner | null;
    limiter: RateLimiter;
    onEngineError: (err: unknown) => void;
  }) {
    this.pool = deps.pool;
    this.sparse = deps.sparse;
    this.cleaner = deps.cleaner;
    this.limiter = deps.limiter;
    this.onEngineError = deps.onEngineError;
  }

  async identify(user: AuthUser, dataUrl: string): Promise<IdentifySnImeiDatas> {
    // Size, type and the header's pixel count are checked before anything is decoded.
    const { bytes, type } = decodeImageDataUrl(dataUrl);
    await this.limiter.hit(`ocr:${user.account_id}`, OCR_LIMIT);
    const { text, sureChars } = await this.pool.run(String(user.account_id), async (engine) => {
      const image = (await this.cleaner?.clean(bytes, type)) ?? bytes;
      const first = await this.read(engine, image);
      let out = first.text;
      let sure = first.sureChars;
      const named = out.split('\n').filter((l) => LABEL_LINE.test(l)).length;
      if (this.sparse && extractPhotoCandidates(out).length < Math.max(1, named)) {
        const seen = new Set(out.split('\n'));
        const second = await this.read(this.sparse, image);
        sure = Math.max(sure, second.sureChars);
        const extra = second.text.split('\n').filter((l) => l && !seen.has(l));
        if (extra.length) out = out ? `${out}\n${extra.join('\n')}` : extra.join('\n');
      }
      // A line of 13+ digits that gives no IMEI is a misread (the Luhn digit disagrees): read the
      // photo once more at twice the size, where the engine sees the digits differently.
      if (this.cleaner && misreadDigits(out)) {
        const larger = await this.cleaner.clean(bytes, type, true);
        if (larger) {
          const seen = new Set(out.split('\n'));
          const extra = (await this.read(engine, larger)).text.split('\n').filter((l) => l && !seen.has(l));
          if (extra.length) out = `${out}\n${extra.join('\n')}`;
        }
      }
      return { text: out, sureChars: sure };
    });
    if (sureChars < MIN_SURE_CHARS) throw new AppError(ErrCode.OCR_NO_TEXT);
    return { content: text };
  }

  private async read(engine: OcrEngine, image: Buffer): Promise<OcrResult> {
    try {
      return await engine.recognise(image);
    } catch (err) {
      if (!(err instanceof OcrEngineError && err.kind === 'unreadable')) this.onEngineError(err);
      throw new AppError(ErrCode.OCR_FAILED);
    }
  }
}
