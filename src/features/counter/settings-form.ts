import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  MESSAGE_KINDS,
  MESSAGE_LANGS,
  MESSAGE_MAX_SEGMENTS,
  templateProblem,
  unknownPlaceholders,
  renderMessage,
  smsSize,
  EXAMPLE_VALUES,
  type MessageKind,
  type MessageLang,
  type MessageTemplates,
} from '#contract/counter/messages.ts';
import { formatTicketNo, isTicketFormat, type ShopDate } from '#contract/counter/ticket-number.ts';

/** A field of the shop settings form; a template's field is `template:<kind>:<lang>`. */
export type SettingsField =
  | 'contact_name'
  | 'contact_phone'
  | 'contact_address'
  | 'time_zone'
  | 'receipt_terms'
  | 'ticket_format'
  | `template:${MessageKind}:${MessageLang}`;

export const templateField = (kind: MessageKind, lang: MessageLang): SettingsField =>
  `template:${kind}:${lang}`;

/** The shop's calendar date in its time zone (the ticket number preview counts in it, as the server does). */
export function shopToday(timeZone: string, now: number = Date.now()): ShopDate {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The next ticket's number as the format would print it, or null when the format is not valid. */
export function previewTicketNo(format: string, nextNo: number, today: ShopDate): string | null {
  return isTicketFormat(format.trim()) ? formatTicketNo(format.trim(), nextNo, today) : null;
}

/** What a template's text field says under it: its problem, translated by the caller. */
export function templateFieldProblem(text: string): MessageDescriptor | null {
  if (!text.trim()) return msg`Write the message, or switch this kind off.`;
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    // Braces go in as a value: in the catalog's message format they would be a placeholder.
    const names = unknown.map((n) => `{${n}}`).join(', ');
    return msg`Unknown placeholder: ${names}. Use only the ones listed.`;
  }
  const probe: MessageTemplates = Object.fromEntries(
    MESSAGE_KINDS.map((k) => [k, Object.fromEntries(MESSAGE_LANGS.map((l) => [l, 'x']))]),
  ) as MessageTemplates;
  probe.quote_ready.zh = text;
  const max = MESSAGE_MAX_SEGMENTS;
  return templateProblem(probe)?.problem === 'too_long'
    ? msg`Too long: at most ${max} SMS with the placeholders filled in.`
    : null;
}

/** The preview of a template with the example values (the shop's own name and phone when typed). */
export function previewMessage(text: string, shop: { name: string; phone: string }) {
  const preview = renderMessage(text, {
    ...EXAMPLE_VALUES,
    shop: shop.name.trim() || EXAMPLE_VALUES.shop,
    phone: shop.phone.trim() || EXAMPLE_VALUES.phone,
  });
  return { preview, size: smsSize(preview) };
}

/** The form's problems before it is sent (the server checks the same and answers the same fields). */
export function settingsProblems(form: {
  contact_name: string;
  contact_phone: string;
  contact_address: string;
  receipt_terms: string;
  ticket_format: string;
  templates: MessageTemplates;
}): Partial<Record<SettingsField, MessageDescriptor>> {
  const problems: Partial<Record<SettingsField, MessageDescriptor>> = {};
  if (form.contact_name.trim().length > 60) problems.contact_name = msg`At most 60 characters.`;
  if (form.contact_phone.trim().length > 30) problems.contact_phone = msg`At most 30 characters.`;
  if (form.contact_address.trim().length > 200) problems.contact_address = msg`At most 200 characters.`;
  if (form.receipt_terms.trim().length > 1000) problems.receipt_terms = msg`At most 1000 characters.`;
  if (!isTicketFormat(form.ticket_format.trim())) {
    const seq = '{SEQ}';
    problems.ticket_format = msg`Letters, digits, - and _ with the placeholders below; it must hold ${seq}.`;
  }
  for (const kind of MESSAGE_KINDS)
    for (const lang of MESSAGE_LANGS) {
      const problem = templateFieldProblem(form.templates[kind][lang]);
      if (problem) problems[templateField(kind, lang)] = problem;
    }
  return problems;
}
