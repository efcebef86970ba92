/**
 * One text message through a provider's approved template. General on purpose: verification codes
 * use it today, the shop counter's customer messages will too (a template id and its variables).
 */
export interface SmsMessage {
  /** A mainland mobile number, 11 digits (the adapter writes it the way its API wants). */
  phone: string;
  /** The provider's approved template id (Aliyun's TemplateCode, Tencent's TemplateId). */
  templateId: string;
  /**
   * The template's variables in the template's order: Aliyun takes them by name (`${code}`),
   * Tencent by position ({1}, {2}…, in this object's insertion order).
   */
  params: Record<string, string>;
  /** The message as a person reads it: only the sandbox shows it (real providers render the template). */
  preview?: string;
}

export type SmsProviderName = 'sandbox' | 'aliyun' | 'tencent';

/** Sends a text message. A real provider is chosen by configuration; the sandbox is the default outside production. */
export interface SmsProvider {
  readonly name: SmsProviderName;
  /** True when nothing really leaves the server (the answer of sendsms says so). */
  readonly sandbox: boolean;
  /** Resolves once the provider accepted the message; throws SmsSendError when it did not. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * Why a provider did not take a message: `throttled` (its rate limits: try later), `refused` (the
 * phone number: invalid, blacklisted, unreachable) or `failed` (unreachable, timed out, keys, sign
 * name, template or balance: the operator's to fix). The message names the provider's own code for
 * the log, never the phone number or the message's variables.
 */
export class SmsSendError extends Error {
  readonly kind: 'throttled' | 'refused' | 'failed';
  constructor(kind: SmsSendError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}
