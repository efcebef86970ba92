// A local Alibaba Cloud SMS endpoint (dysmsapi SendSms, 2017-05-25) for tests. It checks every call
// as Aliyun's gateway does with signature method V3: the AccessKey id, the signed headers, the
// payload hash, the date's freshness, the nonce's reuse and the ACS3-HMAC-SHA256 signature, which it
// recomputes on its own from the raw request. Then it answers as SendSms does: Code "OK", or the
// error code a test asks for (isv.BUSINESS_LIMIT_CONTROL, isv.MOBILE_NUMBER_ILLEGAL, ...).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AliyunSmsConfig } from '#server/sms-config.ts';
import { FakeHttp, header, rfc3986, type FakeAnswer, type FakeRequest } from './fake-sms-http.ts';

export const FAKE_ALIYUN_KEY_ID = 'LTAI5tFakeKeyId000001';
export const FAKE_ALIYUN_SIGN = '维修通';
export const FAKE_ALIYUN_TEMPLATES = {
  register: 'SMS_400000001',
  reset_password: 'SMS_400000002',
  binding_phone: 'SMS_400000003',
  edit_password: 'SMS_400000004',
};

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export interface AliyunSent {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

export class FakeAliyunSms {
  readonly secret = randomBytes(20).toString('base64');
  readonly http = new FakeHttp();
  /** Messages accepted (Code OK), in order. */
  readonly sent: AliyunSent[] = [];
  /** Every call: whether its signature held, and the code answered. */
  readonly calls: { verified: boolean; code: string }[] = [];
  /** The Code the next SendSms answers instead of OK (then cleared): a test's error answer. */
  nextCode: string | null = null;
  /** Answer the next call with a body that is not JSON (a proxy's error page). */
  nextNotJson = false;
  private readonly nonces = new Set<string>();

  async start(): Promise<this> {
    await this.http.start((req) => this.answer(req));
    return this;
  }

  stop = () => this.http.stop();

  config(over: Partial<AliyunSmsConfig> = {}): AliyunSmsConfig {
    return {
      accessKeyId: FAKE_ALIYUN_KEY_ID,
      accessKeySecret: this.secret,
      signName: FAKE_ALIYUN_SIGN,
      templates: { ...FAKE_ALIYUN_TEMPLATES },
      endpoint: this.http.origin,
      ...over,
    };
  }

  /** The environment that selects this fake through loadConfig. */
  env(): Record<string, string> {
    return {
      SMS_PROVIDER: 'aliyun',
      SMS_ALIYUN_ACCESS_KEY_ID: FAKE_ALIYUN_KEY_ID,
      SMS_ALIYUN_ACCESS_KEY_SECRET: this.secret,
      SMS_ALIYUN_SIGN_NAME: FAKE_ALIYUN_SIGN,
      SMS_ALIYUN_TEMPLATE_REGISTER: FAKE_ALIYUN_TEMPLATES.register,
      SMS_ALIYUN_TEMPLATE_RESET_PASSWORD: FAKE_ALIYUN_TEMPLATES.reset_password,
      SMS_ALIYUN_TEMPLATE_BINDING_PHONE: FAKE_ALIYUN_TEMPLATES.binding_phone,
      SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD: FAKE_ALIYUN_TEMPLATES.edit_password,
      SMS_API_BASE: this.http.origin,
    };
  }

  private reply(status: number, code: string, message: string): FakeAnswer {
    this.calls.push({ verified: code !== 'SignatureDoesNotMatch', code });
    return {
      status,
      body: JSON.stringify({
        RequestId: randomBytes(8).toString('hex').toUpperCase(),
        Code: code,
        Message: message,
      }),
    };
  }

  private answer(req: FakeRequest): FakeAnswer {
    if (this.nextNotJson) {
      this.nextNotJson = false;
      return { status: 502, body: '<html>Bad Gateway</html>' };
    }
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header(req.headers, 'authorization'),
    );
    if (!auth) return this.reply(400, 'MissingAuthorization', 'Authorization is mandatory for this action.');
    const [, keyId, signedHeaders, signature] = auth;
    if (keyId !== FAKE_ALIYUN_KEY_ID)
      return this.reply(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedHeaders!.split(';');
    for (const must of [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ])
      if (!signed.includes(must)) return this.reply(400, 'IncompleteSignature', `${must} is not signed.`);
    if (header(req.headers, 'x-acs-content-sha256') !== sha256(req.body))
      return this.reply(400, 'ContentSHA256NotMatched', 'The content hash does not match the body.');
    const date = Date.parse(header(req.headers, 'x-acs-date'));
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(header(req.headers, 'x-acs-date')) ||
      Math.abs(Date.now() - date) > 15 * 60_000
    )
      return this.reply(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');

    // The canonical request, rebuilt from what arrived: the raw query's pairs decoded and encoded again.
    const [path, rawQuery = ''] = req.url.split('?', 2) as [string, string?];
    const pairs = rawQuery
      .split('&')
      .filter(Boolean)
      .map((p) => {
        const [k, v = ''] = p.split('=', 2) as [string, string?];
        return [decodeURIComponent(k), decodeURIComponent(v)] as const;
      });
    const canonicalQuery = pairs
      .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = [...signed]
      .sort()
      .map((h) => `${h}:${header(req.headers, h).trim()}\n`)
      .join('');
    const canonical = `${req.method}\n${path}\n${canonicalQuery}\n${canonicalHeaders}\n${signed.sort().join(';')}\n${sha256(req.body)}`;
    const expected = createHmac('sha256', this.secret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`, 'utf8')
      .digest('hex');
    if (expected !== signature)
      return this.reply(
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    const nonce = header(req.headers, 'x-acs-signature-nonce');
    if (this.nonces.has(nonce))
      return this.reply(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    this.nonces.add(nonce);
    if (
      header(req.headers, 'x-acs-action') !== 'SendSms' ||
      header(req.headers, 'x-acs-version') !== '2017-05-25'
    )
      return this.reply(400, 'InvalidAction.NotFound', 'Specified api is not found.');

    // SendSms itself.
    const params = Object.fromEntries(pairs);
    if (this.nextCode) {
      const code = this.nextCode;
      this.nextCode = null;
      return this.reply(200, code, `fake ${code} for ${params.PhoneNumbers}`);
    }
    if (!/^1\d{10}$/.test(params.PhoneNumbers ?? ''))
      return this.reply(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (params.SignName !== FAKE_ALIYUN_SIGN)
      return this.reply(200, 'isv.SMS_SIGNATURE_ILLEGAL', '签名不合法');
    if (!Object.values(FAKE_ALIYUN_TEMPLATES).includes(params.TemplateCode ?? ''))
      return this.reply(200, 'isv.SMS_TEMPLATE_ILLEGAL', '模板不合法');
    let templateParams: Record<string, string>;
    try {
      templateParams = JSON.parse(params.TemplateParam ?? '') as Record<string, string>;
    } catch {
      return this.reply(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法');
    }
    this.sent.push({
      phone: params.PhoneNumbers!,
      signName: params.SignName,
      templateCode: params.TemplateCode!,
      params: templateParams,
    });
    return {
      ...this.reply(200, 'OK', 'OK'),
      body: JSON.stringify({
        Code: 'OK',
        Message: 'OK',
        BizId: '900619746936498440^0',
        RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990',
      }),
    };
  }
}
