import type { TencentSmsConfig } from '#server/sms-config.ts';
import { SMS_TIMEOUT_MS, fetchSmsProvider, withoutNumbers } from './provider-fetch.ts';
import { SmsSendError, type SmsMessage, type SmsProvider } from './provider.ts';
import { tc3Authorization } from './tencent-sign.ts';

/** Tencent Cloud SMS API version. */
export const TENCENT_SMS_VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** Codes that mean "slow down": the per-number limits (LimitExceeded.*) and the API's rate limit. */
const THROTTLED = /^(LimitExceeded\..*|RequestLimitExceeded(\..*)?)$/;
/** Codes about the phone number itself. */
const REFUSED =
  /^(InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.PhoneNumberInBlacklist|FailedOperation\.PhoneNumberParseFail)$/;

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string }[];
    RequestId?: string;
  };
}

const kindOf = (code: string) =>
  THROTTLED.test(code) ? 'throttled' : REFUSED.test(code) ? 'refused' : 'failed';

/**
 * SendSms (2021-01-11) over Tencent Cloud API 3.0, signed TC3-HMAC-SHA256 (tencent-sign.ts). A call
 * can fail as a whole (Response.Error: keys, signature, app id, the API's rate limit) or per number
 * (SendStatusSet[i].Code other than "Ok": the number's limits, a wrong or blacklisted number).
 */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  readonly sandbox = false;
  private readonly config: TencentSmsConfig;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  constructor(config: TencentSmsConfig, now: () => number = Date.now, timeoutMs = SMS_TIMEOUT_MS) {
    this.config = config;
    this.now = now;
    this.timeoutMs = timeoutMs;
  }

  async send(message: SmsMessage): Promise<void> {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: message.templateId,
      TemplateParamSet: Object.values(message.params),
    });
    const timestamp = Math.floor(this.now() / 1000);
    const host = new URL(this.config.endpoint).host;
    const authorization = tc3Authorization(
      { service: 'sms', host, action: 'SendSms', contentType: CONTENT_TYPE, timestamp, payload },
      this.config.secretId,
      this.config.secretKey,
    );
    const { res, text } = await fetchSmsProvider(
      'Tencent Cloud SMS',
      `${this.config.endpoint}/`,
      {
        method: 'POST',
        headers: {
          authorization,
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': TENCENT_SMS_VERSION,
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': this.config.region,
        },
        body: payload,
      },
      this.timeoutMs,
    );
    let answer: TencentAnswer;
    try {
      answer = JSON.parse(text) as TencentAnswer;
    } catch {
      throw new SmsSendError('failed', `Tencent Cloud SMS answered HTTP ${res.status} without JSON`);
    }
    const response = answer.Response;
    const requestId = response?.RequestId ?? '-';
    const refuse = (code: string, why: string | undefined) =>
      new SmsSendError(
        kindOf(code),
        `Tencent Cloud SMS refused SendSms: ${code} ${withoutNumbers(why ?? '')} (HTTP ${res.status}, RequestId ${requestId})`,
      );
    if (!res.ok || !response)
      throw refuse(response?.Error?.Code ?? `HTTP ${res.status}`, response?.Error?.Message);
    if (response.Error) throw refuse(response.Error.Code ?? 'Error', response.Error.Message);
    const status = response.SendStatusSet?.[0];
    if (!status) throw refuse('NoSendStatus', 'the answer lists no send status');
    if (status.Code !== 'Ok') throw refuse(status.Code ?? 'NoCode', status.Message);
  }
}
