import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { Database } from '#server/db/schema.ts';
import { LinkSigner } from './link-signer.ts';

// With a secret given, the signer never touches the database.
const signer = new LinkSigner(null as unknown as Kysely<Database>, 'a test secret of some length');
const NOW = Date.UTC(2026, 2, 1);

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const refusal = (query: Record<string, unknown>) =>
  signer.verify(query, 7, NOW).then(
    () => null,
    (err: { errcode: number }) => err.errcode,
  );

describe('LinkSigner: one canonical spelling of a link', () => {
  it('refuses a signature in standard base64, with padding or with a stray character', async () => {
    // A link whose signature has a '-' or '_', so standard base64 spells it differently.
    let query: Record<string, string> = {};
    for (let exp = NOW + 60_000; !/[-_]/.test(query.sig ?? ''); exp++)
      query = queryOf(await signer.url({ exportId: 42, accountId: 7, expiresMs: exp }));
    expect(await refusal(query)).toBeNull();
    const sig = query.sig as string;
    const standard = Buffer.from(sig, 'base64url').toString('base64');
    for (const other of [
      standard,
      standard.replace(/=+$/, ''),
      `${sig}=`,
      `${sig.slice(0, 5)}!${sig.slice(5)}`,
      ` ${sig}`,
    ])
      expect(await refusal({ ...query, sig: other }), other).toBe(ErrCode.EXPORT_LINK_FOREIGN);
    // The last character's two padding bits: another letter that decodes to the same bytes.
    const last = String.fromCharCode(sig.charCodeAt(sig.length - 1) + 1);
    expect(Buffer.from(`${sig.slice(0, -1)}${last}`, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(await refusal({ ...query, sig: `${sig.slice(0, -1)}${last}` })).toBe(ErrCode.EXPORT_LINK_FOREIGN);
  });

  it('refuses numbers with a leading zero, a sign, a space or an exponent', async () => {
    const query = queryOf(await signer.url({ exportId: 42, accountId: 7, expiresMs: NOW + 60_000 }));
    for (const [name, value] of [
      ['id', '042'],
      ['a', '07'],
      ['exp', `0${query.exp}`],
      ['id', '+42'],
      ['id', '42 '],
      ['id', '4.2e1'],
    ] as const)
      expect(await refusal({ ...query, [name]: value }), `${name}=${value}`).toBe(
        ErrCode.EXPORT_LINK_FOREIGN,
      );
    expect(await refusal({ ...query, sig: [query.sig, query.sig] })).toBe(ErrCode.EXPORT_LINK_FOREIGN);
  });
});
