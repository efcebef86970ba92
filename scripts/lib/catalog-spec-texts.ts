// The product spec's exact texts (sections 2 and 8) and the check that the catalogs word them so.
import { type CatalogMessage, type ParsedCatalog, messageKey } from './po-catalog.ts';

/** Exact texts the product spec requires. */
export interface SpecRules {
  /** Messages whose translation into a locale must be exactly this text. */
  translations: { locale: string; source: string; translation: string }[];
  /** Source texts (msgids in the source locale) that must exist exactly so. */
  sourceTexts: string[];
}

/** The spec's exact texts: section 8 (error catalogue) and section 2 (unauthorized and error pages). */
export const SPEC_RULES: SpecRules = {
  translations: [
    { locale: 'zh', source: 'Please check your network connection', translation: '请检查网络状态' },
    { locale: 'zh', source: 'Request in progress, please wait...', translation: '数据请求中,请稍后...' },
    { locale: 'zh', source: 'Request timed out', translation: '接口请求超时' },
    // Section 4: the loading overlay's text.
    { locale: 'zh', source: 'Parsing the spreadsheet, please wait...', translation: '解析表格中,请稍后...' },
  ],
  sourceTexts: [
    'Unauthorized Access Attempt',
    'You are not authorized to view the page you are trying to access.',
    'Ooops... looks like an error occurred!',
    'Error code',
    'GO BACK HOME',
    'Verification failed, please Login again.',
  ],
};

/** The spec's exact texts, looked for in every catalog config (the first that has a message rules). */
export function specProblems(parsed: ParsedCatalog[][], sourceLocale: string, spec: SpecRules): string[] {
  const problems: string[] = [];
  const holding = (
    locale: string,
    key: string,
  ): { catalog: ParsedCatalog | undefined; message?: CatalogMessage } => {
    let first: ParsedCatalog | undefined;
    for (const catalogs of parsed) {
      const catalog = catalogs.find((candidate) => candidate.locale === locale);
      first ??= catalog;
      const message = catalog?.messages.get(key);
      if (catalog && message) return { catalog, message };
    }
    return { catalog: first };
  };
  for (const rule of spec.translations) {
    const { catalog, message } = holding(rule.locale, messageKey(rule.source, undefined));
    if (!catalog || !message) {
      problems.push(
        `spec: the message ${JSON.stringify(rule.source)} is missing from the ${rule.locale} catalog; the spec requires it, translated ${JSON.stringify(rule.translation)}`,
      );
    } else if (message.translation !== rule.translation) {
      problems.push(
        `spec: ${catalog.file} translates ${JSON.stringify(rule.source)} as ${JSON.stringify(message.translation)}; the spec requires exactly ${JSON.stringify(rule.translation)}`,
      );
    }
  }
  for (const text of spec.sourceTexts) {
    const { catalog: source, message } = holding(sourceLocale, messageKey(text, undefined));
    if (!source || !message) {
      problems.push(
        `spec: the source text ${JSON.stringify(text)} is missing; the spec requires it exactly so`,
      );
    } else if (message.translation !== '' && message.translation !== text) {
      problems.push(
        `spec: ${source.file} renders ${JSON.stringify(text)} as ${JSON.stringify(message.translation)}; the spec requires it exactly so`,
      );
    }
  }

  return problems;
}
