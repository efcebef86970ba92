import type { FastifyReply } from 'fastify';
import { escapeHtml } from './escape-html.ts';
import { FAVICON_LINK } from './favicon.ts';

/**
 * The frame of the public customer status pages (a tracked repair's `/status/<token>` and a
 * ticket's `/status/t/<token>`): server-rendered in zh, en or es by Accept-Language, no script at
 * all (CSP without script-src), the stylesheet as a file (`/status-assets/status.css`).
 */
export type PageLang = 'zh' | 'en' | 'es';

/** The first of zh, en, es the browser asks for (by q), else zh (the product's default). */
export function pickLang(acceptLanguage: string | undefined): PageLang {
  if (!acceptLanguage) return 'zh';
  const asked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const a of asked) if (a.lang === 'zh' || a.lang === 'en' || a.lang === 'es') return a.lang;
  return 'zh';
}

/**
 * Unknown links one address may try a minute on either status page (one key for both, so a scan
 * cannot double its tries by switching pages). A 43-character token is not guessable; this slows a scan.
 */
export const STATUS_GUESS_LIMIT = { max: 120, windowMs: 60_000 };
export const statusGuessKey = (ip: string) => `status-guess:${ip}`;

const CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** No caching, no script, no referrer, not indexed; varies by the language asked. */
export function statusPageHeaders(reply: FastifyReply): void {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .header('vary', 'Accept-Language');
}

export function formatStatusTime(ms: number, timeZone: string, lang: PageLang): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : lang, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

export function statusPageHtml(lang: PageLang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>${FAVICON_LINK}<link rel="stylesheet" href="/status-assets/status.css">
</head><body><main>${body}</main></body></html>`;
}
