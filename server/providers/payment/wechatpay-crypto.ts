import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/**
 * WeChat Pay API v3 signatures and encryption, as WeChat Pay documents them (签名生成 / 签名验证 /
 * 证书和回调报文解密) and its official SDKs implement them:
 * - a request is signed (SHA256withRSA, merchant private key, base64) over
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` and sent as
 *   `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`;
 * - an answer or a notify is verified with WeChat Pay's public key over
 *   `Wechatpay-Timestamp\nWechatpay-Nonce\nBODY\n` against Wechatpay-Signature;
 * - a notify's `resource` is AEAD_AES_256_GCM: key = the APIv3 key (32 bytes), iv = its `nonce`,
 *   aad = its `associated_data`, `ciphertext` base64 = ciphertext followed by the 16-byte tag.
 */
export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

export function requestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
) {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseMessage(timestamp: string, nonce: string, body: string) {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

export function authorization(e: {
  mchId: string;
  serialNo: string;
  privateKey: string;
  method: string;
  pathAndQuery: string;
  body: string;
  timestamp: string;
  nonce?: string;
}): string {
  const nonce = e.nonce ?? randomBytes(16).toString('hex');
  const signature = rsaSign(
    requestMessage(e.method, e.pathAndQuery, e.timestamp, nonce, e.body),
    e.privateKey,
  );
  return `${AUTH_SCHEMA} mchid="${e.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${e.timestamp}",serial_no="${e.serialNo}"`;
}

/** The fields of an Authorization header (the fake provider reads them back). */
export function parseAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** Decrypts a notify resource; throws when the key, nonce, aad or tag do not match. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** Encrypts a resource the way WeChat Pay does (the fake provider and tests use it). */
export function encryptResource(
  plain: string,
  apiV3Key: string,
  associatedData: string,
  nonce: string,
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}
