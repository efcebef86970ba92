import { expect, test, type Page } from '@playwright/test';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import { axeProblems } from './axe.ts';
import { signInFast } from './session.ts';

// Unique per run: the e2e server's database lives for the whole run (and repeats).
const RUN = String(Date.now() % 10_000).padStart(4, '0');
const SHOTS = '/work/shots/c26-tickets';
const imeiOf = (n: number) => {
  const first14 = `3520990${RUN}${String(n).padStart(3, '0')}`;
  return first14 + String(luhnCheckDigit(first14));
};

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const [name, viewport, n] of [
  ['desktop', { width: 1440, height: 900 }, 1],
  ['tablet', { width: 768, height: 1024 }, 2],
] as const) {
  test(`${name}: a new customer's two phones taken in with checklist and deposit, quote approved, ready, paid and collected`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInFast(page, request);
    await page.goto('/#/app/tickets');
    await page.reload();
    await expect(page.getByTestId('ticket-table')).toBeVisible({ timeout: 30_000 });
    await expectNoHorizontalOverflow(page);

    // Intake: a new customer, two phones, the checklist and a deposit.
    await page.getByTestId('new-ticket').click();
    const form = page.getByTestId('new-ticket-form');
    await form.getByTestId('customer-new').click();
    await form.getByTestId('new-customer-name').fill(`顾客${RUN}${n}`);
    await form.getByTestId('new-customer-phone').fill(`139${RUN}${String(n).padStart(4, '0')}`);
    await form.getByTestId('new-customer-save').click();
    await expect(form.getByTestId('customer-picked')).toBeVisible();
    await form.getByTestId('ticket-device').first().fill(imeiOf(n));
    await form.getByTestId('ticket-add-device').click();
    await form.getByTestId('ticket-device').nth(1).fill('F2LXK0ABHG7F');
    await form.getByTestId('ticket-fault').fill('摔了一下，屏幕不亮');
    await form.getByTestId('condition-screen').getByLabel('有损伤').check();
    await form.getByTestId('condition-liquid').getByLabel('正常').check();
    await form.getByTestId('condition-passcode').check();
    await form.getByTestId('ticket-deposit').fill('100');
    await expect(form.getByTestId('ticket-deposit-preview')).toContainText('¥100.00');
    await page.screenshot({ path: `${SHOTS}/new-ticket-${name}.png`, fullPage: true });
    await form.getByTestId('ticket-create').click();

    await expect(page.getByTestId('ticket-no')).toHaveText(/^R\d{6}-\d{4}$/, { timeout: 15_000 });
    await expect(page.getByTestId('ticket-status')).toHaveText('已收机');
    await expect(page.getByTestId('money-paid')).toHaveText('¥100.00');
    await expect(page.getByTestId('ticket-device-row')).toHaveCount(2);

    // Diagnosis and a quote the customer approves.
    await page.getByTestId('move-diagnosing').click();
    await expect(page.getByTestId('ticket-status')).toHaveText('检测中');
    await page.getByTestId('line-description').fill('屏幕总成');
    await page.getByTestId('line-price').fill('500');
    await page.getByTestId('line-add').click();
    await expect(page.getByTestId('quote-line')).toHaveCount(1);
    await page.getByTestId('move-waiting_approval').click();
    await expect(page.getByTestId('ticket-status')).toHaveText('待客户确认');
    await page.getByTestId('quote-approve').check();
    await page.getByTestId('quote-decide').click();
    await expect(page.getByTestId('money-due')).toHaveText('¥500.00');
    await expect(page.getByTestId('money-outstanding')).toHaveText('¥400.00');

    // Repaired, ready; collected once paid in full, the amount shown before it is recorded.
    await page.getByTestId('move-repairing').click();
    await expect(page.getByTestId('ticket-status')).toHaveText('维修中');
    await page.getByTestId('move-ready').click();
    await expect(page.getByTestId('ticket-status')).toHaveText('待取机');
    await page.getByTestId('money-amount').fill('400.01');
    await expect(page.getByTestId('money-review')).toBeDisabled();
    await page.getByTestId('money-amount').fill('400');
    await page.getByTestId('money-method').click();
    await page.getByRole('option', { name: '微信支付' }).click();
    await page.getByTestId('money-review').click();
    const dialog = page.getByTestId('money-confirm-dialog');
    await expect(dialog).toContainText('¥400.00');
    await page.screenshot({ path: `${SHOTS}/payment-confirm-${name}.png` });
    await dialog.getByTestId('money-confirm').click();
    await expect(page.getByTestId('money-outstanding')).toHaveText('¥0.00');
    await page.getByTestId('move-collected').click();
    await expect(page.getByTestId('ticket-status')).toHaveText('已取机');
    await expect(page.getByTestId('warranty-return')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/ticket-collected-${name}.png`, fullPage: true });

    // The list shows it collected, with its money.
    await page.goto('/#/app/tickets');
    const row = page.getByTestId('ticket-row').filter({ hasText: `顾客${RUN}${n}` });
    await expect(row.getByTestId('ticket-status')).toHaveText('已取机');
    // Due / held: one line on a desktop, two on a tablet (where seven columns squeezed the names).
    await expect(row).toContainText(name === 'desktop' ? '¥500.00 / ¥500.00' : '¥500.00¥500.00');
    await expectNoHorizontalOverflow(page);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tickets-list-${name}.png`, fullPage: true });
  });
}
