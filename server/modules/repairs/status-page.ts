import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '#server/lib/escape-html.ts';
import {
  formatStatusTime as formatTime,
  pickLang,
  STATUS_GUESS_LIMIT,
  statusGuessKey,
  statusPageHeaders,
  statusPageHtml as page,
} from '#server/lib/status-page-html.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CustomerLinkService } from './customer-link.ts';
import { PAGE_TEXT } from './status-page-text.ts';

const CSS = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","WenQuanYi Micro Hei",sans-serif;background:#f4f6fa;color:#1d2433;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:1rem}h1{font-size:1.35rem;margin:.5rem 0 1rem}
section{background:#fff;border-radius:12px;padding:1rem;margin-bottom:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h2{font-size:1rem;margin:0 0 .5rem;color:#51607a}.status{font-size:1.4rem;font-weight:600;color:#0b5cad}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}dt{color:#51607a}dd{margin:0}
ol{margin:0;padding-left:1.2rem}li{margin:.25rem 0}time{color:#51607a;font-size:.9rem;margin-right:.5rem}
.muted{color:#51607a}a{color:#0b5cad}`;

/**
 * The customer status page: GET /status/<token>, public, server-rendered in zh, en or es by
 * Accept-Language, with no script at all (CSP without script-src) and the stylesheet as a file.
 * It shows the link's device model, its progress and return shipment, and the shop's contact;
 * never its identifiers, customer, prices or other devices. An unknown or revoked link answers 404
 * with the same page whatever the reason, so tokens cannot be probed.
 */
export { STATUS_GUESS_LIMIT };

export function registerStatusPage(
  app: FastifyInstance,
  links: CustomerLinkService,
  limiter: RateLimiter,
): void {
  app.get('/status-assets/status.css', async (_req, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CSS),
  );
  app.get<{ Params: { token: string } }>('/status/:token', async (request, reply) => {
    const lang = pickLang(request.headers['accept-language']);
    const t = PAGE_TEXT[lang];
    statusPageHeaders(reply);
    // Guesses are limited, not views (issue 25): customers of one shop share its address, and a
    // burst of their valid links must not shut the next one out. Only unknown tokens count; an
    // address past STATUS_GUESS_LIMIT is refused before the lookup for the rest of the window.
    // The guess is reserved before the lookup (RateLimiter.reserve): simultaneous guesses cannot all
    // be looked up; a valid link hands its attempt back.
    let guess;
    try {
      guess = await limiter.reserve(statusGuessKey(request.ip), STATUS_GUESS_LIMIT);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.code(429).send(page(lang, t.title, `<h1>${escapeHtml(err.message)}</h1>`));
    }
    const found = await links.resolve(request.params.token);
    if (found) await limiter.release(guess);
    if (!found)
      return reply
        .code(404)
        .send(
          page(
            lang,
            t.invalid,
            `<h1>${escapeHtml(t.invalid)}</h1><p class="muted">${escapeHtml(t.invalidHint)}</p>`,
          ),
        );
    const { device: d, events, shop } = found;
    const label = (v: string | null) => (v ? (t.labels[v] ?? v) : t.waiting);
    const when = (ms: number) => formatTime(Number(ms), shop.time_zone, lang);
    const quote =
      d.progress === 'quote_pending' && d.quote_deadline
        ? `<p>${escapeHtml(t.quoteUntil)} ${escapeHtml(when(Number(d.quote_deadline)))}</p>`
        : '';
    const ret = d.return_logistics
      ? `<p>${escapeHtml(t.returnShipment)}: ${escapeHtml(label(d.return_logistics))}</p>`
      : '';
    const updated =
      Number(d.changed_at) > 0
        ? `<p class="muted">${escapeHtml(t.updated)} ${escapeHtml(when(Number(d.changed_at)))}</p>`
        : '';
    const history = events.length
      ? `<section><h2>${escapeHtml(t.history)}</h2><ol>${events
          .map(
            (e) =>
              `<li><time>${escapeHtml(when(Number(e.created_at)))}</time>${escapeHtml(label(e.to_value))}</li>`,
          )
          .join('')}</ol></section>`
      : '';
    const contact = [
      `<dt>${escapeHtml(t.shop)}</dt><dd>${escapeHtml(shop.name)}</dd>`,
      shop.phone
        ? `<dt>${escapeHtml(t.phone)}</dt><dd><a href="tel:${escapeHtml(shop.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(shop.phone)}</a></dd>`
        : '',
      shop.address ? `<dt>${escapeHtml(t.address)}</dt><dd>${escapeHtml(shop.address)}</dd>` : '',
    ].join('');
    const body = `<h1>${escapeHtml(t.title)}</h1>
<section><h2>${escapeHtml(t.device)}</h2><dl><dt>${escapeHtml(t.model)}</dt><dd>${escapeHtml(d.model ?? '—')}</dd></dl></section>
<section><h2>${escapeHtml(t.status)}</h2><p class="status">${escapeHtml(label(d.progress))}</p>${quote}${ret}${updated}</section>
${history}<section><dl>${contact}</dl></section>`;
    return reply.send(page(lang, t.title, body));
  });
}
