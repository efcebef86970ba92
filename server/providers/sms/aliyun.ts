import { randomBytes } from 'node:crypto';
import type { AliyunSmsConfig } from '#server/sms-config.ts';
import { acs3Authorization, acsDate, canonicalQuery, payloadHash } from './aliyun-sign.ts';
import { SMS_TIMEOUT_MS, fetchSmsProvider, withoutNumbers } from './provider-fetch.ts';
import { SmsSendError, type SmsMessage, type SmsProvider } from './provider.ts';

/** Alibaba Cloud SMS (dysmsapi), API version 2017-05-25. */
export const DYSMS_VERSION = '2017-05-25';

/** Aliyun's answer codes that mean "slow down" (per phone, per day, or the API's own flow control). */
const THROTTLED = /^(isv\.BUSINESS_LIMIT_CONTROL|isv\.DAY_LIMIT_CONTROL|Throttling(\..*)?)$/;
/** Codes about the phone number itself. */
const REFUSED = /^isv\.MOBILE_NUMBER_ILLEGAL$/;

interface AliyunAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
}

/**
 * SendSms over Aliyun's RPC-style OpenAPI, signed with the V3 method (aliyun-sign.ts): the
 * parameters in the query of a POST to `/`, the action and version in x-acs-* headers. The answer's
 * Code is "OK" or an error code (isv.*, or the gateway's own such as SignatureDoesNotMatch).
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  readonly sandbox = false;
  private readonly config: AliyunSmsConfig;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  constructor(config: AliyunSmsConfig, now: () => number = Date.now, timeoutMs = SMS_TIMEOUT_MS) {
    this.config = config;
    this.now = now;
    this.timeoutMs = timeoutMs;
  }

  async send(message: SmsMessage): Promise<void> {
    const query = {
      PhoneNumbers: message.phone,
      SignName: this.config.signName,
      TemplateCode: message.templateId,
      TemplateParam: JSON.stringify(message.params),
    };
    const body = '';
    const headers: Record<string, string> = {
      'x-acs-action': 'SendSms',
      'x-acs-version': DYSMS_VERSION,
      'x-acs-date': acsDate(this.now()),
      'x-acs-signature-nonce': randomBytes(16).toString('hex'),
      'x-acs-content-sha256': payloadHash(body),
    };
    const host = new URL(this.config.endpoint).host;
    const authorization = acs3Authorization(
      { method: 'POST', path: '/', query, headers: { ...headers, host }, body },
      this.config.accessKeyId,
      this.config.accessKeySecret,
    );
    // fetch writes the Host header itself, from the URL: the one signed above.
    const { res, text } = await fetchSmsProvider(
      'Aliyun SMS',
      `${this.config.endpoint}/?${canonicalQuery(query)}`,
      { method: 'POST', headers: { ...headers, authorization, accept: 'application/json' }, body },
      this.timeoutMs,
    );
    let answer: AliyunAnswer;
    try {
      answer = JSON.parse(text) as AliyunAnswer;
    } catch {
      throw new SmsSendError('failed', `Aliyun SMS answered HTTP ${res.status} without JSON`);
    }
    if (res.ok && answer.Code === 'OK') return;
    const code = answer.Code ?? `HTTP ${res.status}`;
    const kind = THROTTLED.test(code) ? 'throttled' : REFUSED.test(code) ? 'refused' : 'failed';
    throw new SmsSendError(
      kind,
      `Aliyun SMS refused SendSms: ${code} ${withoutNumbers(answer.Message ?? '')} (HTTP ${res.status}, RequestId ${answer.RequestId ?? '-'})`,
    );
  }
}
