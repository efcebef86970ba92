import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeProblems } from './axe.ts';
import { signInFast } from './session.ts';

// Unique per run: the e2e server's database lives for the whole run (and repeats).
const RUN = String(Date.now() % 10_000).padStart(4, '0');
const PHONE = `1390000${RUN}`;
const TEMPLATE = `Hello {customer}, your {device} is ready for pickup (${RUN}). Status: {link}`;

async function api(request: APIRequestContext, token: string, path: string, data: object) {
  const answer = await (await request.post(path, { data, headers: { token } })).json();
  if (answer.errcode !== 0) throw new Error(`${path}: ${answer.errcode} ${answer.msg}`);
  return answer.datas;
}

test('an Admin edits the English ready-for-pickup message; an English customer gets it, with the status link, in the sandbox inbox', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInFast(page, request);

  // The Admin edits the template in English on the shop settings screen.
  await page.goto('/#/app/settings/shop');
  await page.reload();
  const form = page.getByTestId('shop-settings-form');
  await expect(form).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  const pickup = form.getByTestId('template-ready_for_pickup');
  await pickup.getByRole('tab', { name: '英文' }).click();
  await pickup.getByLabel('英文短信').fill(TEMPLATE);
  await expect(pickup.getByTestId('template-preview-ready_for_pickup-en')).toContainText(
    'Hello Alexandra Li, your iPhone 15 Pro Max is ready for pickup',
  );
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('status')).toHaveText('已保存');

  // Tablet portrait: the same form, nothing wider than the screen, still axe clean.
  await page.setViewportSize({ width: 768, height: 1024 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  expect(await axeProblems(page)).toEqual([]);

  // An English-speaking customer's ticket moves to ready for pickup (the ticket screens are another
  // branch's: the API does what they do).
  const customer = await api(request, token, '/api/counter/customer_save', {
    name: `Ann ${RUN}`,
    phones: [PHONE],
    lang: 'en',
  });
  let ticket = await api(request, token, '/api/counter/ticket_create', {
    customer_id: customer.id,
    devices: [{ ident: 'F2LXK0ABHG7F' }],
    fault: 'screen',
  });
  for (const to of ['diagnosing', 'repairing', 'ready'])
    ticket = await api(request, token, '/api/counter/ticket_move', {
      id: ticket.id,
      version: ticket.version,
      to,
    });

  // The sandbox inbox shows the English text, its link the ticket's status link.
  const expected = `your ${ticket.devices[0].model ?? 'F2LXK0ABHG7F'} is ready for pickup (${RUN}). Status: ${ticket.status_link}`;
  await page.goto('/sandbox/sms');
  await expect(async () => {
    await page.reload();
    await expect(page.locator('tr', { hasText: PHONE })).toContainText(`Hello Ann ${RUN}, ${expected}`);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'SANDBOX SMS inbox' })).toBeVisible();

  // The ticket logs it as sent.
  const detail = await api(request, token, '/api/counter/ticket_detail', { id: ticket.id });
  expect(detail.messages[0]).toMatchObject({ trigger: 'ready_for_pickup', state: 'sent', lang: 'en' });
});
