// Tencent Cloud API signature v3 (TC3-HMAC-SHA256), as its "Signature v3" page specifies.
import { createHash, createHmac } from 'node:crypto';

export const TC3 = 'TC3-HMAC-SHA256';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface Tc3Request {
  /** The service, the host's first label: `sms`. */
  service: string;
  host: string;
  /** The X-TC-Action header (signed lower-cased, as the specification says). */
  action: string;
  contentType: string;
  /** Seconds since the epoch: the X-TC-Timestamp header; its UTC date scopes the credential. */
  timestamp: number;
  /** The JSON body as sent. */
  payload: string;
}

/** `YYYY-MM-DD`, the UTC date of a timestamp in seconds. */
export const tc3Date = (timestamp: number): string => new Date(timestamp * 1000).toISOString().slice(0, 10);

/**
 * The Authorization header of a POST to `/`: signed headers content-type, host and x-tc-action (names
 * and values lower-cased), the key derived from the SecretKey through the date, the service and
 * "tc3_request".
 */
export function tc3Authorization(req: Tc3Request, secretId: string, secretKey: string): string {
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders =
    `content-type:${req.contentType.trim().toLowerCase()}\n` +
    `host:${req.host.trim().toLowerCase()}\n` +
    `x-tc-action:${req.action.trim().toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(req.payload)].join(
    '\n',
  );
  const date = tc3Date(req.timestamp);
  const scope = `${date}/${req.service}/tc3_request`;
  const stringToSign = [TC3, String(req.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), req.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${TC3} Credential=${secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
