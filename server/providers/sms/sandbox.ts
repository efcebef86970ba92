import type { Clock } from '#server/lib/clock.ts';
import type { SmsOutboxRepository } from './outbox-repository.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

/** How many messages the development inbox keeps. */
export const SANDBOX_OUTBOX_KEEP = 50;

export interface SandboxLog {
  info(obj: object, msg: string): void;
}

/**
 * Sends nothing: writes the message to the server log (a line saying SANDBOX) and to the outbox
 * table behind the development inbox page GET /sandbox/sms. Never built in production (the codes
 * would be in the log): sms-config.ts refuses SMS_PROVIDER=sandbox there and index.ts builds none.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly outbox: SmsOutboxRepository;
  private readonly clock: Clock;
  private readonly log: SandboxLog;
  constructor(outbox: SmsOutboxRepository, clock: Clock, log: SandboxLog) {
    this.outbox = outbox;
    this.clock = clock;
    this.log = log;
  }

  async send({ phone, templateId, params, preview }: SmsMessage): Promise<void> {
    const text = preview ?? `[${templateId}] ${JSON.stringify(params)}`;
    this.log.info({ sms: { phone, text } }, `SANDBOX SMS to ${phone}: ${text}`);
    await this.outbox.add(phone, text, this.clock.now(), SANDBOX_OUTBOX_KEEP);
  }
}
