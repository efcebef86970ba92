import { expect, test } from '@playwright/test';
import { persisted, underServiceWorker, INSTALLED } from './offline.ts';
import { call, imeiOf } from './repairs-api.ts';
import { newShopWithPoints } from './shop.ts';

// The installed app: this spec is about what its service worker does (decision 0065).
test.use(INSTALLED);

// Issue 26: "notes made offline go through the outbox and land exactly once". A ticket opened
// online; offline, a note is written on its page (shown as waiting); back online it lands once, and a
// reload (the outbox emptied, the page from the device's cache then the server) changes nothing.
test('a note written offline on a ticket lands exactly once when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { token } = await newShopWithPoints(page, request, 0);
  const run = String(Date.now()).slice(-4);
  const customer = await call<{ id: number }>(request, token, '/api/counter/customer_save', {
    name: `Note ${run}`,
    phones: [`1350035${run}`],
  });
  const ticket = await call<{ id: number; no_text: string }>(request, token, '/api/counter/ticket_create', {
    customer_id: customer.id,
    devices: [{ ident: imeiOf(Number(run) * 10 + 7, '35209922') }],
    fault: 'No sound',
  });
  const notes = async () =>
    (
      await call<{ events: { kind: string; note: string }[] }>(request, token, '/api/counter/ticket_detail', {
        id: ticket.id,
      })
    ).events.filter((e) => e.kind === 'note');
  const text = `Customer called back ${run}`;

  await page.goto(`/#/app/tickets/detail?id=${ticket.id}`);
  await underServiceWorker(page);
  await expect(page.getByTestId('ticket-no')).toHaveText(ticket.no_text);
  await expect(page.getByTestId('ticket-messages')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByTestId('note-text').fill(text);
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-pending')).toContainText(text);
  await expect(page.getByTestId('outbox-button')).toContainText('1');
  expect(await notes()).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-button')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('note-pending')).toBeHidden();
  await expect(page.getByTestId('ticket-timeline')).toContainText(text);
  expect((await notes()).map((e) => e.note)).toEqual([text]);

  await persisted(page, text);
  await page.reload();
  await expect(page.getByTestId('ticket-timeline')).toContainText(text);
  await expect(page.getByTestId('outbox-button')).toBeHidden();
  expect((await notes()).map((e) => e.note)).toEqual([text]);
});
