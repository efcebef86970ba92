import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig } from './config.ts';
import { smsConfig, smsProviderOf } from './sms-config.ts';

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tKeyId',
  SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret',
  SMS_ALIYUN_SIGN_NAME: '维修通',
  SMS_ALIYUN_TEMPLATE_REGISTER: 'SMS_1',
  SMS_ALIYUN_TEMPLATE_RESET_PASSWORD: 'SMS_2',
  SMS_ALIYUN_TEMPLATE_BINDING_PHONE: 'SMS_3',
  SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD: 'SMS_4',
};
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  SMS_TENCENT_SECRET_ID: 'AKIDxxx',
  SMS_TENCENT_SECRET_KEY: 'key',
  SMS_TENCENT_SDK_APP_ID: '1400000001',
  SMS_TENCENT_SIGN_NAME: '维修通',
  SMS_TENCENT_TEMPLATE_REGISTER: '1',
  SMS_TENCENT_TEMPLATE_RESET_PASSWORD: '2',
  SMS_TENCENT_TEMPLATE_BINDING_PHONE: '3',
  SMS_TENCENT_TEMPLATE_EDIT_PASSWORD: '4',
};

describe('the SMS configuration', () => {
  it('is absent without SMS_* variables: the sandbox outside production, nothing in production', () => {
    expect(smsConfig({}, false)).toBeUndefined();
    expect(smsProviderOf(loadConfig({}))).toBe('sandbox');
    expect(smsProviderOf(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
  });

  it('refuses the sandbox in production, and an unknown provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'sandbox' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'sandbox' })).toThrow(
      /refused in production/,
    );
    expect(loadConfig({ SMS_PROVIDER: 'sandbox' }).sms).toEqual({ provider: 'sandbox' });
    expect(() => smsConfig({ SMS_PROVIDER: 'twilio' }, false)).toThrow(/sandbox, aliyun or tencent/);
    expect(() => smsConfig({ SMS_ALIYUN_SIGN_NAME: 'x' }, true)).toThrow(
      /without SMS_PROVIDER means the sandbox/,
    );
  });

  it('reads Aliyun: keys, sign name, a template per purpose sent, the default endpoint or SMS_API_BASE', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...ALIYUN }).sms).toEqual({
      provider: 'aliyun',
      counterTemplates: {},
      aliyun: {
        accessKeyId: 'LTAI5tKeyId',
        accessKeySecret: 'secret',
        signName: '维修通',
        templates: {
          register: 'SMS_1',
          reset_password: 'SMS_2',
          binding_phone: 'SMS_3',
          edit_password: 'SMS_4',
        },
        endpoint: 'https://dysmsapi.aliyuncs.com',
      },
    });
    const local = smsConfig(
      { ...ALIYUN, SMS_API_BASE: 'http://127.0.0.1:4567/', SMS_ALIYUN_TEMPLATE_LOGIN: 'SMS_5' },
      true,
    );
    expect(local?.aliyun?.endpoint).toBe('http://127.0.0.1:4567');
    expect(local?.aliyun?.templates.login).toBe('SMS_5');
  });

  it('reads the registered templates of the messages to customers per kind and language, when set (decision 0050)', () => {
    const config = smsConfig(
      {
        ...ALIYUN,
        SMS_ALIYUN_TEMPLATE_READY_FOR_PICKUP_EN: 'SMS_7',
        SMS_ALIYUN_TEMPLATE_QUOTE_READY_ZH: 'SMS_8',
      },
      true,
    );
    expect(config?.counterTemplates).toEqual({ quote_ready_zh: 'SMS_8', ready_for_pickup_en: 'SMS_7' });
  });

  it('reads Tencent with its region (default ap-guangzhou)', () => {
    const t = smsConfig(TENCENT, true)?.tencent;
    expect(t).toMatchObject({
      secretId: 'AKIDxxx',
      sdkAppId: '1400000001',
      region: 'ap-guangzhou',
      endpoint: 'https://sms.tencentcloudapi.com',
      templates: { register: '1', reset_password: '2', binding_phone: '3', edit_password: '4' },
    });
    expect(smsConfig({ ...TENCENT, SMS_TENCENT_REGION: 'ap-nanjing' }, true)?.tencent?.region).toBe(
      'ap-nanjing',
    );
  });

  it('names what is missing or malformed', () => {
    const { SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD: _t, SMS_ALIYUN_ACCESS_KEY_SECRET: _s, ...partial } = ALIYUN;
    expect(() => smsConfig(partial, true)).toThrow(
      'SMS_PROVIDER aliyun needs SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD',
    );
    expect(() => smsConfig({ ...partial, SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD: 'x' }, true)).toThrow(
      'SMS_PROVIDER aliyun needs SMS_ALIYUN_ACCESS_KEY_SECRET',
    );
    expect(() => smsConfig({ SMS_PROVIDER: 'tencent' }, true)).toThrow(/SMS_TENCENT_TEMPLATE_REGISTER/);
    expect(() => smsConfig({ ...TENCENT, SMS_TENCENT_SDK_APP_ID: 'app' }, true)).toThrow(/numeric SdkAppId/);
    expect(() => smsConfig({ ...TENCENT, SMS_API_BASE: 'sms.example.com' }, true)).toThrow(/SMS_API_BASE/);
    expect(() => smsConfig({ ...ALIYUN, SMS_TENCENT_REGION: 'Guangzhou!' }, true)).not.toThrow();
  });
});
