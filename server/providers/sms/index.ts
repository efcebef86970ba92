import type { SmsPurpose } from '#contract/schemas/account.ts';
import type { ServerConfig } from '#server/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import { SENT_SMS_PURPOSES, smsProviderOf, type SmsTemplates } from '#server/sms-config.ts';
import { AliyunSmsProvider } from './aliyun.ts';
import type { SmsOutboxRepository } from './outbox-repository.ts';
import type { SmsProvider } from './provider.ts';
import { SandboxSmsProvider, type SandboxLog } from './sandbox.ts';
import { TencentSmsProvider } from './tencent.ts';

/** A provider and the template id it has for each purpose. */
export interface SmsSetup {
  provider: SmsProvider;
  templates: SmsTemplates;
}

/** The sandbox has no approved templates: its "template id" only labels the inbox line. */
const SANDBOX_TEMPLATES: SmsTemplates = Object.fromEntries(
  SENT_SMS_PURPOSES.map((p) => [p, `SANDBOX_${p.toUpperCase()}`]),
) as Partial<Record<SmsPurpose, string>>;

/**
 * The SMS provider the configuration asks for: the sandbox by default outside production, Aliyun or
 * Tencent when configured, none in production without one (sendsms then answers SMS_NOT_CONFIGURED,
 * sends nothing and stores no code).
 */
export function selectSms(
  config: ServerConfig,
  deps: { outbox: SmsOutboxRepository; clock: Clock; log: SandboxLog },
): SmsSetup | null {
  const name = smsProviderOf(config);
  // Requests are signed with the wall clock the provider checks them against, not the app's clock.
  const now = Date.now;
  if (name === 'aliyun' && config.sms?.aliyun)
    return {
      provider: new AliyunSmsProvider(config.sms.aliyun, now),
      templates: config.sms.aliyun.templates,
    };
  if (name === 'tencent' && config.sms?.tencent)
    return {
      provider: new TencentSmsProvider(config.sms.tencent, now),
      templates: config.sms.tencent.templates,
    };
  if (name === 'sandbox' && !config.production)
    return {
      provider: new SandboxSmsProvider(deps.outbox, deps.clock, deps.log),
      templates: SANDBOX_TEMPLATES,
    };
  return null;
}

/** One outside connection as the preflight (`npm run doctor`) and the production start print it. */
export interface ConnectionState {
  name: string;
  state: 'configured' | 'sandbox' | 'missing';
  /** What it is and what it means for the product; never a key or a secret. */
  detail: string;
}

/** The SMS connection's state for the preflight: which provider, its sign name and templates; no secrets. */
export function describeSms(config: ServerConfig): ConnectionState {
  const sms = config.sms;
  const templates = (t: SmsTemplates) => SENT_SMS_PURPOSES.map((p) => `${p} ${t[p] ?? '-'}`).join(', ');
  if (sms?.aliyun)
    return {
      name: 'sms',
      state: 'configured',
      detail: `Alibaba Cloud SMS (dysmsapi) at ${sms.aliyun.endpoint}, AccessKey ${mask(sms.aliyun.accessKeyId)}, sign name "${sms.aliyun.signName}", templates: ${templates(sms.aliyun.templates)}`,
    };
  if (sms?.tencent)
    return {
      name: 'sms',
      state: 'configured',
      detail: `Tencent Cloud SMS at ${sms.tencent.endpoint} (${sms.tencent.region}), SdkAppId ${sms.tencent.sdkAppId}, SecretId ${mask(sms.tencent.secretId)}, sign name "${sms.tencent.signName}", templates: ${templates(sms.tencent.templates)}`,
    };
  if (!config.production)
    return {
      name: 'sms',
      state: 'sandbox',
      detail:
        'sandbox: nothing is sent, codes go to the server log and /sandbox/sms; refused in production (set SMS_PROVIDER=aliyun or tencent)',
    };
  return {
    name: 'sms',
    state: 'missing',
    detail:
      'no SMS provider (SMS_PROVIDER unset): sendsms answers 2040 "not configured", so sign-up, password reset, phone binding and password change by SMS are unavailable',
  };
}

/** The first and last characters of a key id, enough to tell which key is in use. */
const mask = (id: string) => (id.length <= 8 ? '****' : `${id.slice(0, 4)}…${id.slice(-4)}`);
