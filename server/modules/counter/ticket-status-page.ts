import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import {
  formatStatusTime,
  pickLang,
  STATUS_GUESS_LIMIT,
  statusGuessKey,
  statusPageHeaders,
  statusPageHtml,
  type PageLang,
} from '#server/lib/status-page-html.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import type { TicketLinks } from './ticket-link.ts';
import { readPublicTicket } from './ticket-public.ts';
import { TICKET_PAGE_TEXT } from './ticket-status-text.ts';

function notFound(lang: PageLang): string {
  const t = TICKET_PAGE_TEXT[lang];
  const invalid = { zh: '链接无效或已被撤销', en: 'This link is not valid', es: 'Este enlace no es válido' }[
    lang
  ];
  return statusPageHtml(lang, t.title, `<h1>${escapeHtml(invalid)}</h1>`);
}

function body(lang: PageLang, found: Awaited<ReturnType<typeof readPublicTicket>>): string {
  const t = TICKET_PAGE_TEXT[lang];
  const { ticket, models, events, shop } = found;
  const when = (ms: number) => escapeHtml(formatStatusTime(Number(ms), shop.time_zone, lang));
  const devices = models.map((m) => `<li>${escapeHtml(m ?? t.device)}</li>`).join('');
  const promised =
    ticket.promised_at !== null && !['collected', 'cancelled', 'returned_unrepaired'].includes(ticket.status)
      ? `<p>${escapeHtml(t.promised)} ${when(ticket.promised_at)}</p>`
      : '';
  const history = events.length
    ? `<section><h2>${escapeHtml(t.history)}</h2><ol>${events
        .map((e) => `<li><time>${when(e.at)}</time>${escapeHtml(t.statuses[e.status])}</li>`)
        .join('')}</ol></section>`
    : '';
  const contact = [
    `<dt>${escapeHtml(t.shop)}</dt><dd>${escapeHtml(shop.name)}</dd>`,
    shop.phone
      ? `<dt>${escapeHtml(t.phone)}</dt><dd><a href="tel:${escapeHtml(shop.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(shop.phone)}</a></dd>`
      : '',
    shop.address ? `<dt>${escapeHtml(t.address)}</dt><dd>${escapeHtml(shop.address)}</dd>` : '',
  ].join('');
  return `<h1>${escapeHtml(t.title)}</h1>
<section><dl><dt>${escapeHtml(t.ticket)}</dt><dd>${escapeHtml(ticket.no_text)}</dd></dl>
<h2>${escapeHtml(t.devices)}</h2><ul>${devices}</ul></section>
<section><h2>${escapeHtml(t.status)}</h2><p class="status">${escapeHtml(t.statuses[ticket.status])}</p>${promised}
<p class="muted">${escapeHtml(t.updated)} ${when(ticket.updated_at)}</p></section>
${history}<section><dl>${contact}</dl></section>`;
}

/**
 * The ticket's customer status page: GET /status/t/<token> (the receipt's QR code, the messages'
 * link), public, in zh, en or es by Accept-Language, no script. An unknown token answers 404 with
 * the same page whatever the reason; unknown tokens are limited per address like the repairs page.
 */
export function registerTicketStatusPage(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; links: TicketLinks; limiter: RateLimiter },
): void {
  app.get<{ Params: { token: string } }>('/status/t/:token', async (request, reply) => {
    const lang = pickLang(request.headers['accept-language']);
    statusPageHeaders(reply);
    let guess;
    try {
      guess = await deps.limiter.reserve(statusGuessKey(request.ip), STATUS_GUESS_LIMIT);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply
        .code(429)
        .send(statusPageHtml(lang, TICKET_PAGE_TEXT[lang].title, `<h1>${escapeHtml(err.message)}</h1>`));
    }
    const id = await deps.links.resolve(request.params.token);
    if (id === null) return reply.code(404).send(notFound(lang));
    await deps.limiter.release(guess);
    return reply.send(
      statusPageHtml(lang, TICKET_PAGE_TEXT[lang].title, body(lang, await readPublicTicket(deps.db, id))),
    );
  });
}
