// Alibaba Cloud's signature method V3 (ACS3-HMAC-SHA256), the one its OpenAPI documents as current
// ("V3版本请求体&签名机制"; V2 users are told to switch). Decision 0039.
import { createHash, createHmac } from 'node:crypto';

export const ACS3 = 'ACS3-HMAC-SHA256';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - _ . ~ stay as they are; a space is %20. */
export const acsEncode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query parameters sorted by name, each name and value encoded, joined by &. */
export const canonicalQuery = (params: Record<string, string>): string =>
  Object.keys(params)
    .sort()
    .map((k) => `${acsEncode(k)}=${acsEncode(params[k]!)}`)
    .join('&');

/** `yyyy-MM-ddTHH:mm:ssZ` (UTC, no milliseconds), the x-acs-date header. */
export const acsDate = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface Acs3Request {
  method: string;
  /** The path, `/` for RPC-style APIs such as dysmsapi. */
  path: string;
  query: Record<string, string>;
  /** host, content-type (when there is a body) and every x-acs-* header; all are signed. */
  headers: Record<string, string>;
  body: string;
}

/**
 * The Authorization header of a request: the headers signed are host, content-type and x-acs-*,
 * lower-cased and sorted; the payload hash must be the x-acs-content-sha256 header's value.
 */
export function acs3Authorization(req: Acs3Request, accessKeyId: string, accessKeySecret: string): string {
  const headers = Object.entries(req.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim()] as const)
    .filter(([k]) => k === 'host' || k === 'content-type' || k.startsWith('x-acs-'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.path,
    canonicalQuery(req.query),
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    sha256Hex(req.body),
  ].join('\n');
  const stringToSign = `${ACS3}\n${sha256Hex(canonicalRequest)}`;
  const signature = createHmac('sha256', accessKeySecret).update(stringToSign, 'utf8').digest('hex');
  return `${ACS3} Credential=${accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`;
}

export const payloadHash = sha256Hex;
