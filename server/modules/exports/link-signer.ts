import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { EXPORT_DOWNLOAD_PATH } from '#contract/schemas/checks-export.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

/** What a download link carries (all of it signed). */
export interface LinkClaims {
  exportId: number;
  accountId: number;
  expiresMs: number;
}

/**
 * Signs and checks download links: HMAC-SHA256 over export, account and expiry. The key is
 * EXPORT_LINK_SECRET when set, else one made on first use and kept in the database, so every API
 * process checks the links of every other.
 */
export class LinkSigner {
  private key: Buffer | null;
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>, secret?: string) {
    this.db = db;
    this.key = secret ? Buffer.from(secret, 'utf8') : null;
  }

  private async secret(): Promise<Buffer> {
    if (this.key) return this.key;
    await this.db
      .insertInto('export_link_keys')
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('export_link_keys')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    this.key = Buffer.from(row.secret, 'base64url');
    return this.key;
  }

  private async mac(c: LinkClaims): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(`export-download:${c.exportId}:${c.accountId}:${c.expiresMs}`)
      .digest();
  }

  async url(c: LinkClaims): Promise<string> {
    const sig = (await this.mac(c)).toString('base64url');
    return `${EXPORT_DOWNLOAD_PATH}?id=${c.exportId}&a=${c.accountId}&exp=${c.expiresMs}&sig=${sig}`;
  }

  /**
   * The export a link names, for the caller's account: an altered link or another account's is
   * refused as foreign, an expired one as expired (checked after the signature, so an expiry cannot
   * be forged longer). Only the one spelling url() writes is accepted (issue 25): numbers in
   * decimal without leading zeros, the signature as unpadded base64url, compared as text. Decoding
   * it instead let `sig=…=`, a `!` inserted (the decoder skips it) and standard base64 through, and
   * `id=007` named export 7.
   */
  async verify(query: Record<string, unknown>, callerAccountId: number, nowMs: number): Promise<number> {
    const claims = {
      exportId: canonicalNumber(query.id),
      accountId: canonicalNumber(query.a),
      expiresMs: canonicalNumber(query.exp),
    };
    if (Object.values(claims).some(Number.isNaN)) throw new AppError(ErrCode.EXPORT_LINK_FOREIGN);
    const expected = Buffer.from((await this.mac(claims)).toString('base64url'));
    const sig = typeof query.sig === 'string' ? Buffer.from(query.sig) : Buffer.alloc(0);
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected))
      throw new AppError(ErrCode.EXPORT_LINK_FOREIGN);
    if (claims.accountId !== callerAccountId) throw new AppError(ErrCode.EXPORT_LINK_FOREIGN);
    if (claims.expiresMs <= nowMs) throw new AppError(ErrCode.EXPORT_LINK_EXPIRED);
    return claims.exportId;
  }
}

/** A link's number as url() writes it (0, or digits without a leading zero); NaN for anything else. */
function canonicalNumber(v: unknown): number {
  return typeof v === 'string' && /^(0|[1-9]\d{0,15})$/.test(v) && Number.isSafeInteger(Number(v))
    ? Number(v)
    : NaN;
}
