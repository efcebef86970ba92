import { readFileSync } from 'node:fs';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { SERVICE_CODES } from '#contract/schemas/checks-catalogue.ts';

/**
 * Words a shop should never see on a page (issue 27): a snake_case key ("warranty_type",
 * "to_receive"), an enum value in capitals ("SUCCESS", "REFUNDED", "IPHONE 13"), an error's class or
 * prefix ("NetworkError", "Error:"), a Lingui message id shown instead of its text, or a check
 * service's code on a Chinese page. Checked over a page's visible text (innerText: what CSS
 * capitalises counts as capitals).
 */

/**
 * Capitals that are real words of the trade, not enum values: identifiers and their parts, units,
 * brands, carriers and the spec's own texts ("GO BACK HOME" on the error page). Add a word here only
 * when it is what a shop writes in capitals too.
 */
export const CAPITALS_ALLOWED = new Set([
  // identifiers and checks
  'IMEI',
  'IMEI2',
  'SN',
  'MDM',
  'GSX',
  'TAC',
  'SIM',
  'FMI',
  'ID',
  'IDS',
  'VIP',
  'QR',
  'SMS',
  'OCR',
  'URL',
  'PWA',
  'API',
  // model names (iPhone SE, XR, XS)
  'SE',
  'XR',
  'XS',
  // units and formats
  'GB',
  'TB',
  'MB',
  'KB',
  'CNY',
  'RMB',
  'USD',
  'UTC',
  'CSV',
  'XLSX',
  'PNG',
  'JPEG',
  'PDF',
  'AM',
  'PM',
  // brands, carriers, colours as Apple writes them
  'PRODUCT',
  'RED',
  'AT',
  'NTT',
  'KDDI',
  'CSL',
  'EE',
  'UK',
  'DE',
  'SF',
  'EMS',
  'JD',
  // the template kit's menu heading, set in capitals as a heading (not a value), and its "UI" area
  'TEMPLATE',
  'KIT',
  'UI',
  // the spec's error page (section 2)
  'GO',
  'BACK',
  'HOME',
]);

/** Lingui's generated ids of every message of the app's and the sign-in page's catalogs. */
function catalogIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of ['locales/en.po', 'locales/sign-in/en.po']) {
    for (const block of readFileSync(file, 'utf8').split('\n\n')) {
      const id = /^msgid "(.*)"$/m.exec(block)?.[1];
      const context = /^msgctxt "(.*)"$/m.exec(block)?.[1];
      if (id) ids.add(generateMessageId(id.replaceAll('\\"', '"'), context));
    }
  }
  return ids;
}
const IDS = catalogIds();

/** What on this text a shop should not read; [] when all is well. */
export function shopWordProblems(text: string, lang: 'zh' | 'en'): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)) problems.push(`key "${m[0]}"`);
  for (const m of text.matchAll(/(?<![\w-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?![\w-])/g)) {
    const word = m[0];
    // One letter (A, B, X) is no enum; model numbers (A2403) and codes with digits are data.
    if (word.length < 2 || /\d/.test(word) || CAPITALS_ALLOWED.has(word)) continue;
    problems.push(`capitals "${word}"`);
  }
  // An error's class (NetworkError, TypeError) or its printed prefix; not the error page's "Error code".
  for (const m of text.matchAll(/\b\w+Error\b|\bError:/g)) problems.push(`error "${m[0]}"`);
  for (const m of text.matchAll(/(?<![\w-])[\w-]{6}(?![\w-])/g))
    if (IDS.has(m[0]) && !/^[a-z]+$|^[A-Z][a-z]+$|^\d+$/.test(m[0])) problems.push(`message id "${m[0]}"`);
  if (lang === 'zh')
    for (const code of SERVICE_CODES)
      if (new RegExp(`(?<![\\w-])${code}(?![\\w-])`).test(text)) problems.push(`service code "${code}"`);
  return [...new Set(problems)];
}
