import { expect, test, type Page } from '@playwright/test';
import { settled } from './kit-routes.ts';
import { signInFast } from './session.ts';

/**
 * Visual references of a sample of template pages in light and dark, left to right and right to
 * left (issue 14). Static pages only (the applications' data changes per run). Renew with
 * `--update-snapshots` after a deliberate change, and look at them.
 */
const PAGES = ['/app/pages/miscellaneous/invoice', '/app/ui/forms/validations', '/app/ui/components/maps'];
/**
 * The invoice's phone numbers, IMEI, invoice number and amounts are isolated left to right: in a
 * right-to-left page their first character is still drawn left of their last ('+86 755 8888 6666'
 * would otherwise show as '6666 8888 755 86+'). Measured on the text as drawn, in both directions.
 */
async function expectNumbersReadLeftToRight(page: Page) {
  const texts = ['+86 755 8888 6666', '139 **** 5678', '353918104477205', 'INV-2026-1122'];
  const drawn = await page.evaluate((wanted) => {
    const found: Record<string, number> = {};
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const key = wanted.find((w) => text === w) ?? (/^¥[\d,.]+$/.test(text) ? 'amount' : undefined);
      if (!key) continue;
      const x = (i: number) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().left;
      };
      const isolated = node.parentElement?.closest('bdi[dir="ltr"]') ? 1 : 0;
      // first drawn left of last, inside an ltr isolate: 1; anything else: 0 (per kind, the minimum).
      const ok = x(0) < x(text.length - 1) && isolated ? 1 : 0;
      found[key] = Math.min(found[key] ?? 1, ok);
    }
    return found;
  }, texts);
  expect(drawn).toEqual({ ...Object.fromEntries(texts.map((t) => [t, 1])), amount: 1 });
}

const CASES = [
  { scheme: 'light', dir: 'ltr' },
  { scheme: 'dark', dir: 'ltr' },
  { scheme: 'light', dir: 'rtl' },
  { scheme: 'dark', dir: 'rtl' },
] as const;

for (const c of CASES) {
  test(`template pages ${c.scheme} ${c.dir}`, async ({ page, request }) => {
    await page.addInitScript(
      ({ scheme, dir }) => {
        localStorage.setItem('themeColor', `${scheme}.blueolympic`);
        localStorage.setItem('direction', dir);
        localStorage.setItem('language', 'zh');
      },
      { scheme: c.scheme, dir: c.dir },
    );
    await signInFast(page, request);
    for (const route of PAGES) {
      await page.goto(`/#${route}`);
      await settled(page);
      const name = route.split('/').pop();
      if (name === 'invoice') await expectNumbersReadLeftToRight(page);
      await expect(page.locator('main')).toHaveScreenshot(`kit-${name}-${c.scheme}-${c.dir}.png`, {
        // The fixed header shows through main's box: its VIP end and points move with the calendar
        // and with what other tests spent.
        mask: [page.getByTestId('vip-end'), page.getByTestId('points')],
        maxDiffPixelRatio: 0.01,
        animations: 'disabled',
      });
    }
  });
}
