import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTencentSms, FAKE_TENCENT_SIGN, FAKE_TENCENT_TEMPLATES } from '#tests/setup/fake-tencent-sms.ts';
import { SmsSendError } from './provider.ts';
import { TencentSmsProvider } from './tencent.ts';

const message = {
  phone: '13912345678',
  templateId: FAKE_TENCENT_TEMPLATES.binding_phone,
  params: { code: '042917', minutes: '5' },
};
let fake: FakeTencentSms;
beforeAll(async () => {
  fake = await new FakeTencentSms().start();
});
afterAll(() => fake.stop());

const refusal = async (provider: TencentSmsProvider, m = message) => {
  const err = await provider.send(m).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
};

describe('Tencent Cloud SMS (SendSms 2021-01-11, TC3-HMAC-SHA256)', () => {
  it('sends a message the fake accepts: signature, +86 number, sign name, template and positional variables', async () => {
    await new TencentSmsProvider(fake.config({ region: 'ap-beijing' })).send(message);
    expect(fake.calls.at(-1)).toEqual({ verified: true, code: 'Ok' });
    expect(fake.sent.at(-1)).toEqual({
      phone: '+8613912345678',
      signName: FAKE_TENCENT_SIGN,
      templateId: FAKE_TENCENT_TEMPLATES.binding_phone,
      params: ['042917', '5'],
      region: 'ap-beijing',
    });
  });

  it('is refused when signed with another SecretKey (AuthFailure.SignatureFailure: failed)', async () => {
    const err = await refusal(new TencentSmsProvider(fake.config({ secretKey: 'not-the-key' })));
    expect(err.kind).toBe('failed');
    expect(err.message).toContain('AuthFailure.SignatureFailure');
    expect(fake.calls.at(-1)?.verified).toBe(false);
  });

  it('is refused when its timestamp is more than 5 minutes off (AuthFailure.SignatureExpire)', async () => {
    const err = await refusal(new TencentSmsProvider(fake.config(), () => Date.now() + 10 * 60_000));
    expect(err.message).toContain('AuthFailure.SignatureExpire');
  });

  it('maps the per-number limits (LimitExceeded.*) and the API rate limit to throttled', async () => {
    for (const status of [
      'LimitExceeded.PhoneNumberDailyLimit',
      'LimitExceeded.PhoneNumberThirtySecondLimit',
    ]) {
      fake.nextStatus = status;
      const err = await refusal(new TencentSmsProvider(fake.config()));
      expect(err.kind).toBe('throttled');
      expect(err.message).toContain(status);
    }
    fake.nextError = 'RequestLimitExceeded';
    expect((await refusal(new TencentSmsProvider(fake.config()))).kind).toBe('throttled');
  });

  it('maps a wrong or blacklisted number to refused, and keeps the number out of its message', async () => {
    fake.nextStatus = 'FailedOperation.PhoneNumberInBlacklist';
    const blacklisted = await refusal(new TencentSmsProvider(fake.config()));
    expect(blacklisted.kind).toBe('refused');
    expect(blacklisted.message).not.toContain('13912345678');
    const wrong = await refusal(new TencentSmsProvider(fake.config()), { ...message, phone: '2391234567' });
    expect(wrong.kind).toBe('refused');
    expect(wrong.message).toContain('InvalidParameterValue.IncorrectPhoneNumber');
  });

  it('maps the other errors (app id, template, balance) to failed', async () => {
    const app = await refusal(new TencentSmsProvider(fake.config({ sdkAppId: '1400999999' })));
    expect(app.kind).toBe('failed');
    expect(app.message).toContain('UnauthorizedOperation.SmsSdkAppIdVerifyFail');
    fake.nextStatus = 'FailedOperation.InsufficientBalanceInSmsPackage';
    expect((await refusal(new TencentSmsProvider(fake.config()))).kind).toBe('failed');
    const template = await refusal(new TencentSmsProvider(fake.config()), { ...message, templateId: '1' });
    expect(template.message).toContain('FailedOperation.TemplateIncorrectOrUnapproved');
  });

  it('fails an answer that is not JSON', async () => {
    fake.nextNotJson = true;
    const err = await refusal(new TencentSmsProvider(fake.config()));
    expect(err.message).toContain('without JSON');
  });

  it('gives up after its timeout when the provider does not answer', async () => {
    fake.http.hang = true;
    try {
      const started = Date.now();
      const err = await refusal(new TencentSmsProvider(fake.config(), Date.now, 300));
      expect(err.kind).toBe('failed');
      expect(err.message).toContain('unreachable');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      fake.http.hang = false;
    }
  });
});
