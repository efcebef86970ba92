// A local Tencent Cloud SMS endpoint (SendSms, 2021-01-11) for tests. It checks every call as
// Tencent Cloud API 3.0 does: the SecretId, the timestamp's freshness (5 minutes), the credential
// scope's date and service, and the TC3-HMAC-SHA256 signature, recomputed on its own from the raw
// request; errors come back as HTTP 200 with Response.Error, per-number failures in SendStatusSet.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { TencentSmsConfig } from '#server/sms-config.ts';
import { FakeHttp, header, type FakeAnswer, type FakeRequest } from './fake-sms-http.ts';

export const FAKE_TENCENT_SECRET_ID = 'AKIDfakeSecretId0000000000000001';
export const FAKE_TENCENT_APP_ID = '1400000001';
export const FAKE_TENCENT_SIGN = '维修通';
export const FAKE_TENCENT_TEMPLATES = {
  register: '2000001',
  reset_password: '2000002',
  binding_phone: '2000003',
  edit_password: '2000004',
};

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export interface TencentSent {
  phone: string;
  signName: string;
  templateId: string;
  params: string[];
  region: string;
}

interface SendSmsBody {
  PhoneNumberSet?: string[];
  SmsSdkAppId?: string;
  SignName?: string;
  TemplateId?: string;
  TemplateParamSet?: string[];
}

export class FakeTencentSms {
  readonly secretKey = randomBytes(24).toString('base64url');
  readonly http = new FakeHttp();
  readonly sent: TencentSent[] = [];
  readonly calls: { verified: boolean; code: string }[] = [];
  /** The whole call's next error (Response.Error.Code), e.g. RequestLimitExceeded; then cleared. */
  nextError: string | null = null;
  /** The next number's status code instead of "Ok", e.g. LimitExceeded.PhoneNumberDailyLimit; then cleared. */
  nextStatus: string | null = null;
  nextNotJson = false;

  async start(): Promise<this> {
    await this.http.start((req) => this.answer(req));
    return this;
  }

  stop = () => this.http.stop();

  config(over: Partial<TencentSmsConfig> = {}): TencentSmsConfig {
    return {
      secretId: FAKE_TENCENT_SECRET_ID,
      secretKey: this.secretKey,
      sdkAppId: FAKE_TENCENT_APP_ID,
      signName: FAKE_TENCENT_SIGN,
      templates: { ...FAKE_TENCENT_TEMPLATES },
      region: 'ap-guangzhou',
      endpoint: this.http.origin,
      ...over,
    };
  }

  env(): Record<string, string> {
    return {
      SMS_PROVIDER: 'tencent',
      SMS_TENCENT_SECRET_ID: FAKE_TENCENT_SECRET_ID,
      SMS_TENCENT_SECRET_KEY: this.secretKey,
      SMS_TENCENT_SDK_APP_ID: FAKE_TENCENT_APP_ID,
      SMS_TENCENT_SIGN_NAME: FAKE_TENCENT_SIGN,
      SMS_TENCENT_TEMPLATE_REGISTER: FAKE_TENCENT_TEMPLATES.register,
      SMS_TENCENT_TEMPLATE_RESET_PASSWORD: FAKE_TENCENT_TEMPLATES.reset_password,
      SMS_TENCENT_TEMPLATE_BINDING_PHONE: FAKE_TENCENT_TEMPLATES.binding_phone,
      SMS_TENCENT_TEMPLATE_EDIT_PASSWORD: FAKE_TENCENT_TEMPLATES.edit_password,
      SMS_API_BASE: this.http.origin,
    };
  }

  private error(code: string, message: string): FakeAnswer {
    this.calls.push({ verified: !code.startsWith('AuthFailure'), code });
    return {
      status: 200,
      body: JSON.stringify({
        Response: { Error: { Code: code, Message: message }, RequestId: randomBytes(8).toString('hex') },
      }),
    };
  }

  private answer(req: FakeRequest): FakeAnswer {
    if (this.nextNotJson) {
      this.nextNotJson = false;
      return { status: 502, body: '<html>Bad Gateway</html>' };
    }
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header(req.headers, 'authorization'),
      );
    if (!auth)
      return this.error('AuthFailure.InvalidAuthorization', 'Authorization is not in the TC3 format.');
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== FAKE_TENCENT_SECRET_ID)
      return this.error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(header(req.headers, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return this.error('AuthFailure.SignatureExpire', 'The signature expired.');
    if (service !== 'sms' || date !== new Date(timestamp * 1000).toISOString().slice(0, 10))
      return this.error('AuthFailure.SignatureFailure', 'The credential scope is wrong.');
    const signed = signedHeaders!.split(';');
    if (!signed.includes('content-type') || !signed.includes('host'))
      return this.error('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
    const canonicalHeaders = signed
      .map((h) => `${h}:${header(req.headers, h).trim().toLowerCase()}\n`)
      .join('');
    const [path, query = ''] = req.url.split('?', 2) as [string, string?];
    const canonical = `${req.method}\n${path}\n${query}\n${canonicalHeaders}\n${signedHeaders}\n${sha256(req.body)}`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${this.secretKey}`, date!), 'sms'), 'tc3_request');
    if (createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') !== signature)
      return this.error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    if (
      header(req.headers, 'x-tc-action') !== 'SendSms' ||
      header(req.headers, 'x-tc-version') !== '2021-01-11'
    )
      return this.error('InvalidAction', 'The action is not found.');
    if (this.nextError) {
      const code = this.nextError;
      this.nextError = null;
      return this.error(code, `fake ${code}`);
    }

    let body: SendSmsBody;
    try {
      body = JSON.parse(req.body) as SendSmsBody;
    } catch {
      return this.error('InvalidParameter', 'The body is not JSON.');
    }
    if (body.SmsSdkAppId !== FAKE_TENCENT_APP_ID)
      return this.error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail.');
    if (body.SignName !== FAKE_TENCENT_SIGN)
      return this.error('FailedOperation.SignatureIncorrectOrUnapproved', 'signature incorrect');
    if (!Object.values(FAKE_TENCENT_TEMPLATES).includes(body.TemplateId ?? ''))
      return this.error('FailedOperation.TemplateIncorrectOrUnapproved', 'template incorrect');
    const phone = body.PhoneNumberSet?.[0] ?? '';
    let code = 'Ok';
    if (this.nextStatus) {
      code = this.nextStatus;
      this.nextStatus = null;
    } else if (!/^\+861\d{10}$/.test(phone)) code = 'InvalidParameterValue.IncorrectPhoneNumber';
    this.calls.push({ verified: true, code });
    if (code === 'Ok')
      this.sent.push({
        phone,
        signName: body.SignName,
        templateId: body.TemplateId!,
        params: body.TemplateParamSet ?? [],
        region: header(req.headers, 'x-tc-region'),
      });
    return {
      status: 200,
      body: JSON.stringify({
        Response: {
          SendStatusSet: [
            {
              SerialNo: code === 'Ok' ? '5000:1045710669157053657849499619' : '',
              PhoneNumber: phone,
              Fee: code === 'Ok' ? 1 : 0,
              SessionContext: '',
              Code: code,
              Message: code === 'Ok' ? 'send success' : `fake ${code} for ${phone}`,
              IsoCode: 'CN',
            },
          ],
          RequestId: randomBytes(8).toString('hex'),
        },
      }),
    };
  }
}
