import { expect, test } from '@playwright/test';
import { settled } from './kit-routes.ts';
import { signInFast } from './session.ts';

/**
 * Visual references of a sample of template pages in light and dark, left to right and right to
 * left (issue 14). Static pages only (the applications' data changes per run). Renew with
 * `--update-snapshots` after a deliberate change, and look at them.
 */
const PAGES = ['/app/pages/miscellaneous/invoice', '/app/ui/forms/validations', '/app/ui/components/maps'];
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
      await expect(page.locator('main')).toHaveScreenshot(`kit-${name}-${c.scheme}-${c.dir}.png`, {
        maxDiffPixelRatio: 0.01,
        animations: 'disabled',
      });
    }
  });
}
