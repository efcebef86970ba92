// The SMS provider of the server's configuration (config.ts reads it with the rest of the
// environment): SMS_PROVIDER, SMS_ALIYUN_*, SMS_TENCENT_* and SMS_API_BASE (decision 0039).
import { smsPurposeSchema, type SmsPurpose } from '#contract/schemas/account.ts';
import { MESSAGE_KINDS, MESSAGE_LANGS } from '#contract/counter/messages.ts';
import { ConfigError } from './config-error.ts';

export const SMS_PROVIDER_NAMES = ['sandbox', 'aliyun', 'tencent'] as const;
export type SmsProviderSetting = (typeof SMS_PROVIDER_NAMES)[number];

/**
 * The purposes sendsms really sends a code for; each needs a template approved by the provider.
 * `login` is reserved (sendsms refuses it), so its template is optional.
 */
export const SENT_SMS_PURPOSES: readonly SmsPurpose[] = smsPurposeSchema.options.filter((p) => p !== 'login');

/** The provider's template id per purpose: SMS_<PROVIDER>_TEMPLATE_<PURPOSE> (REGISTER, RESET_PASSWORD…). */
export type SmsTemplates = Partial<Record<SmsPurpose, string>>;

export interface AliyunSmsConfig {
  /** SMS_ALIYUN_ACCESS_KEY_ID: a RAM user's AccessKey id allowed to call dysmsapi:SendSms. */
  accessKeyId: string;
  /** SMS_ALIYUN_ACCESS_KEY_SECRET: its secret (signs each request, never sent). */
  accessKeySecret: string;
  /** SMS_ALIYUN_SIGN_NAME: the approved sign name (the 【…】 of each message). */
  signName: string;
  templates: SmsTemplates;
  /** SMS_API_BASE (default https://dysmsapi.aliyuncs.com; tests point it at a local fake). */
  endpoint: string;
}

export interface TencentSmsConfig {
  /** SMS_TENCENT_SECRET_ID: a CAM key's SecretId allowed to call sms:SendSms. */
  secretId: string;
  /** SMS_TENCENT_SECRET_KEY: its SecretKey (derives each request's signing key, never sent). */
  secretKey: string;
  /** SMS_TENCENT_SDK_APP_ID: the SMS application's SdkAppId (1400…). */
  sdkAppId: string;
  /** SMS_TENCENT_SIGN_NAME: the approved sign name. */
  signName: string;
  templates: SmsTemplates;
  /** SMS_TENCENT_REGION (default ap-guangzhou): the X-TC-Region header. */
  region: string;
  /** SMS_API_BASE (default https://sms.tencentcloudapi.com; tests point it at a local fake). */
  endpoint: string;
}

export interface SmsConfig {
  /** SMS_PROVIDER: sandbox (the default outside production; refused in production), aliyun or tencent. */
  provider: SmsProviderSetting;
  /**
   * The provider's registered template per message to customers (decision 0050), keyed
   * `<kind>_<lang>` from SMS_<PROVIDER>_TEMPLATE_<KIND>_<LANG> (READY_FOR_PICKUP_EN…); optional: a
   * message without one is marked no_template instead of sent.
   */
  counterTemplates?: Record<string, string>;
  aliyun?: AliyunSmsConfig;
  tencent?: TencentSmsConfig;
}

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';

const envName = (purpose: SmsPurpose) => purpose.toUpperCase();

/**
 * Reads the SMS settings. Undefined when none is set: the sandbox outside production, and no
 * provider in production (sendsms then answers SMS_NOT_CONFIGURED). Throws ConfigError naming
 * what is wrong or missing; the sandbox is refused in production like the payment sandbox.
 */
export function smsConfig(env: NodeJS.ProcessEnv, production: boolean): SmsConfig | undefined {
  const set = Object.keys(env).filter((k) => k.startsWith('SMS_') && env[k]?.trim());
  if (set.length === 0) return undefined;
  const provider = (env.SMS_PROVIDER?.trim() || 'sandbox') as SmsProviderSetting;
  if (!(SMS_PROVIDER_NAMES as readonly string[]).includes(provider))
    throw new ConfigError(`SMS_PROVIDER must be sandbox, aliyun or tencent, got ${provider}`);
  if (provider === 'sandbox') {
    if (production)
      throw new ConfigError(
        `${env.SMS_PROVIDER?.trim() ? 'SMS_PROVIDER sandbox' : 'SMS_* without SMS_PROVIDER means the sandbox, which'} sends nothing and logs the codes: it is refused in production, set SMS_PROVIDER to aliyun or tencent`,
      );
    return { provider };
  }

  const prefix = provider === 'aliyun' ? 'SMS_ALIYUN_' : 'SMS_TENCENT_';
  const value = (name: string) => env[name]?.trim() ?? '';
  const required = (names: string[]) => {
    const missing = names.filter((n) => !value(n));
    if (missing.length) throw new ConfigError(`SMS_PROVIDER ${provider} needs ${missing.join(', ')}`);
  };
  const templates: SmsTemplates = {};
  required(SENT_SMS_PURPOSES.map((p) => `${prefix}TEMPLATE_${envName(p)}`));
  for (const purpose of smsPurposeSchema.options) {
    const id = value(`${prefix}TEMPLATE_${envName(purpose)}`);
    if (id) templates[purpose] = id;
  }
  const endpoint = (fallback: string) => {
    const url = (value('SMS_API_BASE') || fallback).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+$/.test(url))
      throw new ConfigError('SMS_API_BASE must be an origin such as https://dysmsapi.aliyuncs.com');
    return url;
  };

  if (provider === 'aliyun') {
    required(['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_ALIYUN_SIGN_NAME']);
    return {
      provider,
      counterTemplates: counterTemplatesOf(env, provider),
      aliyun: {
        accessKeyId: value('SMS_ALIYUN_ACCESS_KEY_ID'),
        accessKeySecret: value('SMS_ALIYUN_ACCESS_KEY_SECRET'),
        signName: value('SMS_ALIYUN_SIGN_NAME'),
        templates,
        endpoint: endpoint(ALIYUN_SMS_ENDPOINT),
      },
    };
  }
  required([
    'SMS_TENCENT_SECRET_ID',
    'SMS_TENCENT_SECRET_KEY',
    'SMS_TENCENT_SDK_APP_ID',
    'SMS_TENCENT_SIGN_NAME',
  ]);
  const sdkAppId = value('SMS_TENCENT_SDK_APP_ID');
  if (!/^\d+$/.test(sdkAppId))
    throw new ConfigError('SMS_TENCENT_SDK_APP_ID must be the numeric SdkAppId (1400…)');
  const region = value('SMS_TENCENT_REGION') || 'ap-guangzhou';
  if (!/^[a-z]+-[a-z]+(-\d+)?$/.test(region))
    throw new ConfigError(`SMS_TENCENT_REGION must be a region such as ap-guangzhou, got ${region}`);
  return {
    provider,
    counterTemplates: counterTemplatesOf(env, provider),
    tencent: {
      secretId: value('SMS_TENCENT_SECRET_ID'),
      secretKey: value('SMS_TENCENT_SECRET_KEY'),
      sdkAppId,
      signName: value('SMS_TENCENT_SIGN_NAME'),
      templates,
      region,
      endpoint: endpoint(TENCENT_SMS_ENDPOINT),
    },
  };
}

/** SMS_<PROVIDER>_TEMPLATE_<KIND>_<LANG> of the messages to customers, as set (decision 0050). */
export function counterTemplatesOf(
  env: NodeJS.ProcessEnv,
  provider: 'aliyun' | 'tencent',
): Record<string, string> {
  const prefix = provider === 'aliyun' ? 'SMS_ALIYUN_TEMPLATE_' : 'SMS_TENCENT_TEMPLATE_';
  const out: Record<string, string> = {};
  for (const kind of MESSAGE_KINDS)
    for (const lang of MESSAGE_LANGS) {
      const id = env[`${prefix}${kind.toUpperCase()}_${lang.toUpperCase()}`]?.trim();
      if (id) out[`${kind}_${lang}`] = id;
    }
  return out;
}

/** The SMS provider in force: the sandbox by default outside production, none in production. */
export function smsProviderOf(config: { production: boolean; sms?: SmsConfig }): SmsProviderSetting | null {
  if (config.sms) return config.sms.provider;
  return config.production ? null : 'sandbox';
}
