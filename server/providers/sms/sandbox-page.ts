import type { FastifyInstance } from 'fastify';
import { SANDBOX_OUTBOX_KEEP } from './sandbox.ts';
import type { SmsOutboxRepository } from './outbox-repository.ts';
import { FAVICON_LINK } from '#server/lib/favicon.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';

// Re-exported for the pages that import it from here.
export { escapeHtml };

/** The development inbox: the sandbox provider's last messages. Register only outside production. */
export function registerSandboxSmsPage(app: FastifyInstance, outbox: SmsOutboxRepository): void {
  app.get('/sandbox/sms', async (_request, reply) => {
    const rows = await outbox.latest(SANDBOX_OUTBOX_KEEP);
    const items = rows
      .map(
        (r) =>
          `<tr><td>${escapeHtml(new Date(r.created_at).toISOString())}</td><td>${escapeHtml(r.phone)}</td><td>${escapeHtml(r.text)}</td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>SANDBOX SMS inbox</title>${FAVICON_LINK}
<style>body{font-family:system-ui,sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left;border-bottom:1px solid #ddd}</style>
</head><body>
<h1>SANDBOX SMS inbox</h1>
<p>Development only: nothing was really sent. Newest first, the last ${SANDBOX_OUTBOX_KEEP} messages.</p>
<table><thead><tr><th>Time (UTC)</th><th>Phone</th><th>Text</th></tr></thead><tbody>
${items || '<tr><td colspan="3">No messages yet.</td></tr>'}
</tbody></table></body></html>`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(html);
  });
}
