/**
 * Messages to customers (issue 26, decision 0050): the kinds a shop can switch on, the templates per
 * kind and language with their placeholders, how a template becomes a text, and how many SMS
 * segments a text takes. Pure: the settings screen previews with it, the server renders with it.
 */
import type { TicketStatus } from './workflow.ts';

export const MESSAGE_KINDS = ['quote_ready', 'ready_for_pickup', 'sent_to_apple', 'back_from_apple'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_LANGS = ['zh', 'en', 'es'] as const;
export type MessageLang = (typeof MESSAGE_LANGS)[number];

/** What a template may name; anything else in braces is refused (a typo would reach the customer). */
export const MESSAGE_PLACEHOLDERS = ['customer', 'ticket', 'device', 'link', 'shop', 'phone'] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];
export type MessageValues = Record<MessagePlaceholder, string>;

/**
 * A template may take this many SMS segments with its placeholders at their example length: longer
 * texts cost the shop several messages each and some handsets drop them.
 */
export const MESSAGE_MAX_SEGMENTS = 4;
/** Characters a template may hold as typed (the segment count is the finer check). */
export const MESSAGE_TEMPLATE_MAX = 400;

/** The ticket status whose move sends each kind (back_from_apple comes from repair progress instead). */
export const MOVE_MESSAGE: Partial<Record<TicketStatus, MessageKind>> = {
  waiting_approval: 'quote_ready',
  ready: 'ready_for_pickup',
  sent_to_apple: 'sent_to_apple',
};

export type MessageTemplates = Record<MessageKind, Record<MessageLang, string>>;
export type MessageTriggers = Record<MessageKind, boolean>;

export const DEFAULT_TEMPLATES: MessageTemplates = {
  quote_ready: {
    zh: '{customer}您好，您的{device}（单号{ticket}）已检测完毕，报价待您确认：{link} {shop} {phone}',
    en: 'Hi {customer}, your {device} (ticket {ticket}) has been checked and a quote awaits your approval: {link} {shop} {phone}',
    es: 'Hola {customer}, hemos revisado su {device} (orden {ticket}) y hay un presupuesto para aprobar: {link} {shop} {phone}',
  },
  ready_for_pickup: {
    zh: '{customer}您好，您的{device}（单号{ticket}）已可取机：{link} {shop} {phone}',
    en: 'Hi {customer}, your {device} (ticket {ticket}) is ready for pickup: {link} {shop} {phone}',
    es: 'Hola {customer}, su {device} (orden {ticket}) está listo para recoger: {link} {shop} {phone}',
  },
  sent_to_apple: {
    zh: '{customer}您好，您的{device}（单号{ticket}）已送苹果维修，进度：{link} {shop}',
    en: 'Hi {customer}, your {device} (ticket {ticket}) has been sent to Apple for repair. Progress: {link} {shop}',
    es: 'Hola {customer}, su {device} (orden {ticket}) se envió a Apple para reparar. Estado: {link} {shop}',
  },
  back_from_apple: {
    zh: '{customer}您好，您的{device}（单号{ticket}）已从苹果返回门店，进度：{link} {shop} {phone}',
    en: 'Hi {customer}, your {device} (ticket {ticket}) is back from Apple. Progress: {link} {shop} {phone}',
    es: 'Hola {customer}, su {device} (orden {ticket}) volvió de Apple. Estado: {link} {shop} {phone}',
  },
};

export const DEFAULT_TRIGGERS: MessageTriggers = {
  quote_ready: true,
  ready_for_pickup: true,
  sent_to_apple: false,
  back_from_apple: false,
};

/** Values of typical length, for the preview and for the segment check of a template. */
export const EXAMPLE_VALUES: MessageValues = {
  customer: 'Alexandra Li',
  ticket: 'R261128-0042',
  device: 'iPhone 15 Pro Max',
  link: 'https://shop.example.com/status/t/Ab3dE5fG7hJ9kL1m',
  shop: 'Repair Shop',
  phone: '13800138000',
};

const PLACEHOLDER_RE = /\{([^{}]*)\}/g;

/** The names in braces that are not placeholders, once each, in order. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(MESSAGE_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER_RE)) {
    const name = m[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** The template with each placeholder replaced; a value never brings new placeholders in. */
export function renderMessage(template: string, values: MessageValues): string {
  return template.replace(PLACEHOLDER_RE, (whole, name: string) =>
    (MESSAGE_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as MessagePlaceholder] : whole,
  );
}

// The GSM 7-bit default alphabet (3GPP TS 23.038) and its extension table, whose characters take two.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSize {
  /** Characters as the network counts them (GSM extension characters count two; UCS-2 counts UTF-16 units). */
  chars: number;
  segments: number;
  /** GSM 7-bit fits 160 a message (153 a segment); anything else goes as UCS-2, 70 (67). */
  encoding: 'gsm7' | 'ucs2';
}

/** How many SMS segments a text takes (a Chinese text goes as UCS-2: 70 characters, 67 a segment). */
export function smsSize(text: string): SmsSize {
  let gsm = 0;
  let isGsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsm += 1;
    else if (GSM_EXTENDED.includes(ch)) gsm += 2;
    else {
      isGsm = false;
      break;
    }
  }
  if (isGsm) return { chars: gsm, segments: gsm <= 160 ? 1 : Math.ceil(gsm / 153), encoding: 'gsm7' };
  const units = text.length;
  return { chars: units, segments: units <= 70 ? 1 : Math.ceil(units / 67), encoding: 'ucs2' };
}

export type TemplateProblem =
  | { kind: MessageKind; lang: MessageLang; problem: 'unknown_placeholder'; names: string[] }
  | { kind: MessageKind; lang: MessageLang; problem: 'too_long'; segments: number }
  | { kind: MessageKind; lang: MessageLang; problem: 'empty' };

/** The first thing wrong with a set of templates, or null: what the server refuses and the form marks. */
export function templateProblem(templates: MessageTemplates): TemplateProblem | null {
  for (const kind of MESSAGE_KINDS)
    for (const lang of MESSAGE_LANGS) {
      const text = templates[kind][lang];
      if (!text.trim()) return { kind, lang, problem: 'empty' };
      const names = unknownPlaceholders(text);
      if (names.length > 0) return { kind, lang, problem: 'unknown_placeholder', names };
      const { segments } = smsSize(renderMessage(text, EXAMPLE_VALUES));
      if (text.length > MESSAGE_TEMPLATE_MAX || segments > MESSAGE_MAX_SEGMENTS)
        return { kind, lang, problem: 'too_long', segments };
    }
  return null;
}
