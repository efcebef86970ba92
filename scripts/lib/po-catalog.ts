// Reads a Lingui PO catalog: its messages (keyed by msgctxt and msgid) and the problems of the file
// itself. Used by the catalog checks (scripts/check-catalogs.ts) and scripts/sign-in-catalog.test.ts.
import { parsePoFile } from '@lingui/format-po';

/** Lingui's flag for a message whose msgid is an explicit id: its source text is the source locale's msgstr. */
const EXPLICIT_ID_FLAG = 'js-lingui-explicit-id';

export interface CatalogFile {
  locale: string;
  /** Shown in the problems, e.g. locales/zh.po. */
  file: string;
  text: string;
}

export interface CatalogMessage {
  /** msgctxt and msgid: what identifies the message across the catalogs. */
  key: string;
  /** The message as shown in a problem: its msgid, and its msgctxt if it has one. */
  label: string;
  msgid: string;
  context: string | undefined;
  explicitId: boolean;
  translation: string;
  fuzzy: boolean;
}

export interface ParsedCatalog {
  locale: string;
  file: string;
  messages: Map<string, CatalogMessage>;
  /** Problems of the file itself: a duplicated message, a Language header of another locale. */
  problems: string[];
}

export function messageKey(msgid: string, context: string | undefined): string {
  return context === undefined ? msgid : `${context}\u0004${msgid}`;
}

function messageLabel(msgid: string, context: string | undefined): string {
  return context === undefined
    ? JSON.stringify(msgid)
    : `${JSON.stringify(msgid)} (context ${JSON.stringify(context)})`;
}

/** Reads one PO catalog with the parser Lingui itself uses; obsolete (#~) messages are left out. */
export function parseCatalog({ locale, file, text }: CatalogFile): ParsedCatalog {
  const po = parsePoFile(text);
  const messages = new Map<string, CatalogMessage>();
  const problems: string[] = [];
  const language = po.headers.Language;
  if (language && language !== locale) {
    problems.push(
      `${file}: the Language header is ${JSON.stringify(language)}, expected ${JSON.stringify(locale)}`,
    );
  }
  for (const item of po.items) {
    if (item.obsolete) continue;
    const context = item.msgctxt ?? undefined;
    const key = messageKey(item.msgid, context);
    const label = messageLabel(item.msgid, context);
    if (messages.has(key)) {
      problems.push(`${file}: ${label} appears twice`);
      continue;
    }
    messages.set(key, {
      key,
      label,
      msgid: item.msgid,
      context,
      explicitId: item.extractedComments.includes(EXPLICIT_ID_FLAG),
      translation: item.msgstr.join(''),
      fuzzy: Boolean(item.flags.fuzzy),
    });
  }
  return { locale, file, messages, problems };
}
