import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { describeSms } from './index.ts';

describe('describeSms (the preflight line)', () => {
  it('says sandbox outside production, missing in production without a provider', () => {
    expect(describeSms(loadConfig({}))).toMatchObject({ name: 'sms', state: 'sandbox' });
    const missing = describeSms(loadConfig({ NODE_ENV: 'production' }));
    expect(missing.state).toBe('missing');
    expect(missing.detail).toContain('2040');
  });

  it('names the configured provider, sign name and templates, never the secret', () => {
    const aliyun = describeSms(
      loadConfig({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'aliyun',
        SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tAbcdefgh1234',
        SMS_ALIYUN_ACCESS_KEY_SECRET: 'TOP-SECRET-VALUE',
        SMS_ALIYUN_SIGN_NAME: '维修通',
        SMS_ALIYUN_TEMPLATE_REGISTER: 'SMS_1',
        SMS_ALIYUN_TEMPLATE_RESET_PASSWORD: 'SMS_2',
        SMS_ALIYUN_TEMPLATE_BINDING_PHONE: 'SMS_3',
        SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD: 'SMS_4',
      }),
    );
    expect(aliyun.state).toBe('configured');
    expect(aliyun.detail).toContain('Alibaba Cloud SMS');
    expect(aliyun.detail).toContain('维修通');
    expect(aliyun.detail).toContain('register SMS_1');
    expect(aliyun.detail).not.toContain('TOP-SECRET-VALUE');
    expect(aliyun.detail).not.toContain('LTAI5tAbcdefgh1234');

    const tencent = describeSms(
      loadConfig({
        SMS_PROVIDER: 'tencent',
        SMS_TENCENT_SECRET_ID: 'AKIDabcdefghijkl',
        SMS_TENCENT_SECRET_KEY: 'TOP-SECRET-KEY',
        SMS_TENCENT_SDK_APP_ID: '1400000001',
        SMS_TENCENT_SIGN_NAME: '维修通',
        SMS_TENCENT_TEMPLATE_REGISTER: '1',
        SMS_TENCENT_TEMPLATE_RESET_PASSWORD: '2',
        SMS_TENCENT_TEMPLATE_BINDING_PHONE: '3',
        SMS_TENCENT_TEMPLATE_EDIT_PASSWORD: '4',
      }),
    );
    expect(tencent).toMatchObject({ name: 'sms', state: 'configured' });
    expect(tencent.detail).toContain('1400000001');
    expect(tencent.detail).not.toContain('TOP-SECRET-KEY');
  });
});
