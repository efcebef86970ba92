import { z } from 'zod';
import {
  MESSAGE_KINDS,
  MESSAGE_LANGS,
  MESSAGE_TEMPLATE_MAX,
  type MessageKind,
  type MessageLang,
} from '../counter/messages.ts';
import { requestId, safeText } from './common.ts';

/** The shop's receipt terms: printed under every intake receipt. */
export const RECEIPT_TERMS_MAX = 1000;

// A template may break lines (a remark's rule), never hold invisible or control characters.
const templateText = () => safeText({ max: MESSAGE_TEMPLATE_MAX, kind: 'remark' });
const perLang = z.object(
  Object.fromEntries(MESSAGE_LANGS.map((l) => [l, templateText()])) as Record<
    MessageLang,
    ReturnType<typeof templateText>
  >,
);
export const messageTemplatesSchema = z.object(
  Object.fromEntries(MESSAGE_KINDS.map((k) => [k, perLang])) as Record<MessageKind, typeof perLang>,
);
export const messageTriggersSchema = z.object(
  Object.fromEntries(MESSAGE_KINDS.map((k) => [k, z.boolean()])) as Record<MessageKind, z.ZodBoolean>,
);

/** The counter's settings of a shop (decision 0050); its name, phone, address and time zone are repairSettings'. */
export const counterSettingsOutput = z.object({
  receipt_terms: z.string(),
  ticket_format: z.string(),
  templates: messageTemplatesSchema,
  enabled: messageTriggersSchema,
  /** The ticket number the next intake gets (today, the shop's format): the form previews its own edits. */
  next_ticket_no: z.number(),
});
export type CounterSettings = z.infer<typeof counterSettingsOutput>;

/**
 * The whole record as the form holds it. The ticket format and the templates are checked by the
 * server beyond their shape (contract/counter/ticket-number.ts, messages.ts), each with its errcode.
 */
export const counterSettingsSaveInput = z.object({
  receipt_terms: safeText({ max: RECEIPT_TERMS_MAX, kind: 'remark' }),
  ticket_format: safeText({ max: 40 }),
  templates: messageTemplatesSchema,
  enabled: messageTriggersSchema,
  request_id: requestId.optional(),
});
export type CounterSettingsSaveInput = z.input<typeof counterSettingsSaveInput>;
