import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { NotifyRejected, fenToYuan } from '#server/providers/payment/provider.ts';
import { SANDBOX_PAY_PATH, SandboxPaymentProvider } from '#server/providers/payment/sandbox.ts';
import { escapeHtml } from '#server/providers/sms/sandbox-page.ts';
import { RechargeRepository } from './recharge-repository.ts';
import type { RechargeService } from './recharge-service.ts';
import { FAVICON_LINK } from '#server/lib/favicon.ts';

export const NOTIFY_PATH = '/api/pay/notify/:provider';
/** A notify is a few kB at most; anything larger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * The payment routes outside the JSON API: the provider's asynchronous notify (raw body, because the
 * signature covers the exact bytes) and, with the sandbox provider outside production, the sandbox
 * payer's page. Both live in an encapsulated scope, so their body parsers stay out of the API.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { recharge: RechargeService; production: boolean },
): Promise<void> {
  const { recharge } = deps;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    scope.post(NOTIFY_PATH, async (request, reply) => {
      const provider = recharge.provider;
      const name = (request.params as { provider?: string }).provider;
      if (!provider || provider.sandbox || provider.name !== name) throw new AppError(ErrCode.NOT_FOUND);
      const raw = { headers: request.headers, body: typeof request.body === 'string' ? request.body : '' };
      let notice;
      try {
        notice = provider.parseNotify(raw);
      } catch (err) {
        if (!(err instanceof NotifyRejected)) throw err;
        await new RechargeRepository(scopeDb(recharge)).event({
          provider: provider.name,
          orderNo: '',
          outcome: 'bad_signature',
          detail: err.message,
          at: recharge.now(),
        });
        request.log.warn({ provider: provider.name, reason: err.message }, 'payment notify rejected');
        const ack = provider.notifyAck(false, err.message);
        return reply.code(ack.status).header('content-type', ack.contentType).send(ack.body);
      }
      const result = await recharge.applyNotice(provider, notice);
      const ack = provider.notifyAck(result.ack, result.outcome);
      return reply.code(ack.status).header('content-type', ack.contentType).send(ack.body);
    });

    if (deps.production || !(recharge.provider instanceof SandboxPaymentProvider)) return;

    scope.get(SANDBOX_PAY_PATH, async (request, reply) => {
      const orderNo = String((request.query as Record<string, unknown>).order_no ?? '').slice(0, 64);
      const order = orderNo ? await new RechargeRepository(scopeDb(recharge)).byNo(orderNo) : undefined;
      if (!order || order.provider !== 'sandbox')
        return sandboxPage(
          reply,
          404,
          '订单不存在 / Unknown order',
          `<p>${escapeHtml(defaultMsg[ErrCode.RECHARGE_NOT_FOUND])}</p>`,
        );
      const payable = order.state === 'created' && Number(order.expires_at) > recharge.now();
      const form = (outcome: 'pay' | 'fail', label: string) =>
        `<form method="post" action="${SANDBOX_PAY_PATH}"><input type="hidden" name="order_no" value="${escapeHtml(
          order.order_no,
        )}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${outcome}">${label}</button></form>`;
      return sandboxPage(
        reply,
        200,
        '沙箱支付 / Sandbox payment',
        `<h1>沙箱支付<br><small>Sandbox payment</small></h1>
<dl><dt>订单号 / Order</dt><dd>${escapeHtml(order.order_no)}</dd>
<dt>金额 / Amount</dt><dd class="amount">¥ ${escapeHtml(fenToYuan(Number(order.amount)))}</dd>
<dt>状态 / State</dt><dd>${escapeHtml(order.state)}</dd></dl>
${
  payable
    ? `${form('pay', '确认付款 / Pay')}${form('fail', '付款失败 / Fail the payment')}`
    : '<p>此订单已不能付款。This order can no longer be paid.</p>'
}`,
      );
    });

    scope.post(SANDBOX_PAY_PATH, async (request, reply) => {
      const body = Object.fromEntries(
        new URLSearchParams(typeof request.body === 'string' ? request.body : ''),
      );
      const orderNo = (body.order_no ?? '').slice(0, 64);
      const outcome = body.outcome === 'fail' ? 'fail' : 'pay';
      try {
        const { state } = await recharge.sandboxPay(orderNo, outcome);
        const paid = state === 'paid';
        return sandboxPage(
          reply,
          200,
          paid ? '已付款 / Paid' : '付款失败 / Payment failed',
          paid
            ? '<h1>付款成功（沙箱）</h1><p>积分已到账，请回到 RepairOps。Paid (sandbox): the points are credited, go back to RepairOps.</p>'
            : `<h1>付款失败（沙箱）</h1><p>未扣款，订单仍可付款。Nothing was charged; the order can still be paid.</p><p><a href="${SANDBOX_PAY_PATH}?order_no=${encodeURIComponent(
                orderNo,
              )}">返回 / Back</a></p>`,
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return sandboxPage(reply, 409, '无法付款 / Cannot pay', `<h1>${escapeHtml(err.message)}</h1>`);
      }
    });
  });
}

/** The recharge service's database, for the audit rows the routes write themselves. */
const scopeDb = (recharge: RechargeService) => recharge.database;

const BANNER =
  '<p class="banner">沙箱 · SANDBOX — 不会真正扣款，仅用于开发和测试。No money moves: a sandbox page for development and tests.</p>';

function sandboxPage(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>${FAVICON_LINK}
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;max-width:28rem;margin:1.5rem auto;padding:0 1rem;color:#222}
.banner{background:#fff3cd;border:1px solid #e0b000;border-radius:6px;padding:.5rem .75rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dd{margin:0}.amount{font-size:1.4rem;font-weight:700}
form{display:inline-block;margin:.5rem .5rem 0 0}button{border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;color:#fff}
.pay{background:#1677ff}.fail{background:#8c1c13}
</style></head><body>
${BANNER}
${body}
</body></html>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(html);
}
