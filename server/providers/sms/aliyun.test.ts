import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAliyunSms, FAKE_ALIYUN_SIGN, FAKE_ALIYUN_TEMPLATES } from '#tests/setup/fake-aliyun-sms.ts';
import { AliyunSmsProvider } from './aliyun.ts';
import { SmsSendError } from './provider.ts';

const message = {
  phone: '13912345678',
  templateId: FAKE_ALIYUN_TEMPLATES.register,
  params: { code: '042917' },
};
let fake: FakeAliyunSms;
beforeAll(async () => {
  fake = await new FakeAliyunSms().start();
});
afterAll(() => fake.stop());

const refusal = async (provider: AliyunSmsProvider) => {
  const err = await provider.send(message).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
};

describe('Alibaba Cloud SMS (dysmsapi SendSms, signature V3)', () => {
  it('sends a message the fake accepts: signature, sign name (Chinese), template and its JSON variables', async () => {
    await new AliyunSmsProvider(fake.config()).send(message);
    expect(fake.calls.at(-1)).toEqual({ verified: true, code: 'OK' });
    expect(fake.sent.at(-1)).toEqual({
      phone: '13912345678',
      signName: FAKE_ALIYUN_SIGN,
      templateCode: FAKE_ALIYUN_TEMPLATES.register,
      params: { code: '042917' },
    });
  });

  it('is refused when the request is signed with another secret (SignatureDoesNotMatch: failed)', async () => {
    const err = await refusal(new AliyunSmsProvider(fake.config({ accessKeySecret: 'not-the-secret' })));
    expect(err.kind).toBe('failed');
    expect(err.message).toContain('SignatureDoesNotMatch');
    expect(fake.calls.at(-1)?.verified).toBe(false);
  });

  it('is refused when its clock is off by more than 15 minutes (the date is signed and checked)', async () => {
    const err = await refusal(new AliyunSmsProvider(fake.config(), () => Date.now() - 20 * 60_000));
    expect(err.message).toContain('InvalidTimeStamp.Expired');
  });

  it('maps throttling (isv.BUSINESS_LIMIT_CONTROL, isv.DAY_LIMIT_CONTROL, Throttling.User) to throttled', async () => {
    for (const code of ['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'Throttling.User']) {
      fake.nextCode = code;
      const err = await refusal(new AliyunSmsProvider(fake.config()));
      expect(err.kind).toBe('throttled');
      expect(err.message).toContain(code);
    }
  });

  it('maps an illegal number to refused, and never puts the number in its message', async () => {
    fake.nextCode = 'isv.MOBILE_NUMBER_ILLEGAL';
    const err = await refusal(new AliyunSmsProvider(fake.config()));
    expect(err.kind).toBe('refused');
    expect(err.message).not.toContain('13912345678');
  });

  it('maps the other error answers (balance, template, unknown key) to failed', async () => {
    fake.nextCode = 'isv.AMOUNT_NOT_ENOUGH';
    expect((await refusal(new AliyunSmsProvider(fake.config()))).kind).toBe('failed');
    const provider = new AliyunSmsProvider(fake.config());
    const err = await provider
      .send({ ...message, templateId: 'SMS_000' })
      .catch((e: unknown) => e as SmsSendError);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).message).toContain('isv.SMS_TEMPLATE_ILLEGAL');
    const wrongKey = await refusal(new AliyunSmsProvider(fake.config({ accessKeyId: 'LTAIunknown' })));
    expect(wrongKey.message).toContain('InvalidAccessKeyId.NotFound');
  });

  it('fails an answer that is not JSON', async () => {
    fake.nextNotJson = true;
    const err = await refusal(new AliyunSmsProvider(fake.config()));
    expect(err.kind).toBe('failed');
    expect(err.message).toContain('without JSON');
  });

  it('gives up after its timeout when the provider does not answer', async () => {
    fake.http.hang = true;
    try {
      const started = Date.now();
      const err = await refusal(new AliyunSmsProvider(fake.config(), Date.now, 300));
      expect(err.kind).toBe('failed');
      expect(err.message).toContain('unreachable');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      fake.http.hang = false;
    }
  });

  it('fails when nothing listens at the endpoint', async () => {
    const err = await refusal(new AliyunSmsProvider(fake.config({ endpoint: 'http://127.0.0.1:9' })));
    expect(err.message).toContain('unreachable');
  });
});
