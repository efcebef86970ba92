import { expect, test } from '@playwright/test';
import { signInFast } from './session.ts';

// Issue 25, point 4: a page's query that never gets an answer ends at 120 s with the spec's
// '接口请求超时' (section 8/9), not before. Playwright's clock drives the page's timers; the service
// worker is blocked so the route below sees the page's own call.
test.use({ serviceWorkers: 'block' });

test('a page query with no answer fails at 120 s of the clock with 接口请求超时, and not before', async ({
  page,
  request,
}) => {
  await signInFast(page, request);
  // Taken, never answered: the download center's list hangs as a dead upstream would leave it. The
  // page's clock reading when the call went out is where its 120 s start.
  let sentAt = 0;
  await page.route('**/api/exports/list', async () => {
    if (!sentAt) sentAt = await page.evaluate(() => Date.now());
  });
  await page.clock.install();
  await page.goto('/#/app/downloadCenter');
  await expect.poll(() => sentAt).toBeGreaterThan(0);
  const timedOut = page.getByText('接口请求超时');

  // Time stops 119 s after the call: no time-out yet.
  await page.clock.pauseAt(sentAt + 119_000);
  expect(await timedOut.count()).toBe(0);
  // Past 120 s: the call ends and the spec's message shows.
  await page.clock.runFor(1_500);
  await page.clock.resume();
  await expect(timedOut.first()).toBeVisible();
});
