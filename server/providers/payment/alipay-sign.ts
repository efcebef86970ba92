import { createSign, createVerify } from 'node:crypto';

/**
 * Alipay OpenAPI (gateway.do) RSA2 signing, as Alipay documents it and its official Node SDK does
 * (alipay-sdk-nodejs-all: util.ts `sign`, alipay.ts `checkNotifySign` and `getSignStr`):
 * - a request is signed over its parameters except `sign`, sorted by name (ASCII), empty values left
 *   out, joined as `k=v` with `&`, values not URL-encoded; SHA256withRSA, base64;
 * - an asynchronous notify is verified the same way over its form fields except `sign` and
 *   `sign_type` (values as received, after the form's own URL-decoding);
 * - a JSON answer is verified over the exact text of its `<method>_response` object.
 */
export function signContent(params: Record<string, string>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKeyPem: string): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** The notify's signed content: every field but sign and sign_type. */
export const notifySignContent = (fields: Record<string, string>) =>
  signContent(fields, ['sign', 'sign_type']);

/**
 * The exact text of `"<responseKey>": {...}` in an answer, which Alipay signed: the object's braces
 * matched while skipping strings, so a `}` inside a value does not end it. Null when absent.
 */
export function responseSignContent(raw: string, responseKey: string): string | null {
  const keyAt = raw.indexOf(`"${responseKey}"`);
  if (keyAt < 0) return null;
  const start = raw.indexOf('{', keyAt + responseKey.length + 2);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return raw.slice(start, i + 1);
  }
  return null;
}

/** Alipay's timestamp format, in China time whatever the server's zone: "2026-03-01 17:00:00". */
export function alipayTimestamp(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())}`;
}

/** "2026-03-01 17:00:00" (China time) to unix ms; null when not such a time. */
export function parseAlipayTime(text: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3600_000;
}
