import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import {
  DEFAULT_TEMPLATES,
  DEFAULT_TRIGGERS,
  MESSAGE_KINDS,
  MESSAGE_LANGS,
  MESSAGE_MAX_SEGMENTS,
  templateProblem,
  type MessageTemplates,
  type MessageTriggers,
} from '#contract/counter/messages.ts';
import { DEFAULT_TICKET_FORMAT, isTicketFormat } from '#contract/counter/ticket-number.ts';
import type { CounterSettings, counterSettingsSaveInput } from '#contract/schemas/counter-settings.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';

/** The settings without the next number: what the ticket and message writers read inside their transaction. */
export type StoredSettings = Omit<CounterSettings, 'next_ticket_no'>;

/** Stored JSON over the defaults, key by key: a kind or language added later still has a text. */
function templatesOf(json: string | undefined): MessageTemplates {
  const stored = parse(json) as Partial<Record<string, Partial<Record<string, unknown>>>>;
  const out = {} as MessageTemplates;
  for (const kind of MESSAGE_KINDS) {
    out[kind] = { ...DEFAULT_TEMPLATES[kind] };
    for (const lang of MESSAGE_LANGS) {
      const text = stored[kind]?.[lang];
      if (typeof text === 'string' && text.trim()) out[kind][lang] = text;
    }
  }
  return out;
}

function triggersOf(json: string | undefined): MessageTriggers {
  const stored = parse(json) as Partial<Record<string, unknown>>;
  const out = { ...DEFAULT_TRIGGERS };
  for (const kind of MESSAGE_KINDS) if (typeof stored[kind] === 'boolean') out[kind] = stored[kind];
  return out;
}

function parse(json: string | undefined): object {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** A shop's counter settings, defaults until an Admin saves (always scoped to the shop read). */
export async function readCounterSettings(db: Kysely<Database>, accountId: number): Promise<StoredSettings> {
  const row = await db
    .selectFrom('counter_settings')
    .select(['receipt_terms', 'ticket_format', 'templates', 'enabled'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    receipt_terms: row?.receipt_terms ?? '',
    ticket_format: row && isTicketFormat(row.ticket_format) ? row.ticket_format : DEFAULT_TICKET_FORMAT,
    templates: templatesOf(row?.templates),
    enabled: triggersOf(row?.enabled),
  };
}

/**
 * Shop settings of the counter (decision 0050): read by every user (the ticket pages print the
 * terms), saved whole by an Admin after the checks the form also makes, each with its errcode.
 */
export class CounterSettingsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  async read(accountId: number): Promise<CounterSettings> {
    const [settings, counter] = await Promise.all([
      readCounterSettings(this.db, accountId),
      this.db
        .selectFrom('ticket_counters')
        .select('last_no')
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
    ]);
    return { ...settings, next_ticket_no: (counter?.last_no ?? 0) + 1 };
  }

  async save(user: AuthUser, input: z.output<typeof counterSettingsSaveInput>): Promise<CounterSettings> {
    if (!isTicketFormat(input.ticket_format)) throw new AppError(ErrCode.COUNTER_TICKET_FORMAT_INVALID);
    const problem = templateProblem(input.templates);
    if (problem) {
      const where = { kind: problem.kind, lang: problem.lang };
      if (problem.problem === 'empty') throw new AppError(ErrCode.MESSAGE_TEMPLATE_EMPTY, undefined, where);
      if (problem.problem === 'unknown_placeholder')
        throw new AppError(ErrCode.MESSAGE_PLACEHOLDER_UNKNOWN, undefined, {
          ...where,
          names: problem.names,
        });
      throw new AppError(ErrCode.MESSAGE_TEMPLATE_TOO_LONG, undefined, {
        ...where,
        segments: problem.segments,
        max_segments: MESSAGE_MAX_SEGMENTS,
      });
    }
    const values = {
      receipt_terms: input.receipt_terms,
      ticket_format: input.ticket_format,
      templates: JSON.stringify(input.templates),
      enabled: JSON.stringify(input.enabled),
      updated_by: user.user_id,
      updated_at: this.clock.now(),
    };
    await this.db
      .insertInto('counter_settings')
      .values({ account_id: user.account_id, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
    return this.read(user.account_id);
  }
}
