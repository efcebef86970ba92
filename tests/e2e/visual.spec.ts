import { expect, test } from '@playwright/test';
import { signInFast } from './session.ts';
import { pinDashboards } from './dashboards-pin.ts';

/**
 * Visual-regression references of the shell: light and dark, zh and en, desktop and tablet. The
 * references live beside this file; `npm run test:e2e -- --update-snapshots` renews them after a
 * deliberate change (look at them before committing). Dates that change every run, and the points
 * that other tests spend, are masked.
 */
const cases = [
  { scheme: 'light', lang: 'zh', size: 'desktop' },
  { scheme: 'dark', lang: 'zh', size: 'desktop' },
  { scheme: 'light', lang: 'en', size: 'desktop' },
  { scheme: 'dark', lang: 'en', size: 'desktop' },
  { scheme: 'light', lang: 'zh', size: 'tablet' },
  { scheme: 'dark', lang: 'en', size: 'tablet' },
] as const;

const viewports = { desktop: { width: 1280, height: 800 }, tablet: { width: 1024, height: 768 } };

for (const c of cases) {
  test(`shell ${c.scheme} ${c.lang} ${c.size}`, async ({ page, request }) => {
    await page.setViewportSize(viewports[c.size]);
    await page.addInitScript(
      ({ scheme, lang }) => {
        localStorage.setItem('themeColor', `${scheme}.blueolympic`);
        localStorage.setItem('language', lang);
      },
      { scheme: c.scheme, lang: c.lang },
    );
    // The dashboard's figures and charts are pinned (the demo history moves with the calendar).
    await pinDashboards(page);
    await signInFast(page, request);
    await page.goto('/#/app/dashboards/default');
    await expect(page.getByTestId('chart-devices').locator('.recharts-bar-rectangle').first()).toBeVisible();
    // The demo shop's points depend on which tests ran before (checks spend them): masked too.
    await expect(page.getByTestId('dashboard-points')).toHaveText(/^\d+\.\d{2}$/);
    // The day at the counter counts today's tickets, which the counter's specs on the same server
    // make (and its title holds today's date): hidden, so the references hold the shell itself.
    await page.addStyleTag({ content: '[data-testid=counter-day]{display:none !important}' });
    await expect(page).toHaveScreenshot(`shell-${c.scheme}-${c.lang}-${c.size}.png`, {
      mask: [
        page.getByTestId('vip-end'),
        page.getByTestId('dashboard-vip-end'),
        page.getByTestId('points'),
        page.getByTestId('dashboard-points'),
      ],
      maxDiffPixelRatio: 0.01,
      animations: 'disabled',
    });
  });
}
