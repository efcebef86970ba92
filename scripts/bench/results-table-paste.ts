// bench:table's paste part (scripts/bench/results-table.ts): 100,000 lines pasted into the new-order
// box of the page already signed in, timed in the page from the input event to the final counts.
import type { Page } from '@playwright/test';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';

/** Pastes the lines and answers the timings: to the counts shown, the check itself, long tasks. */
export async function measurePaste(page: Page, base: string) {
  // A 100,000-line paste into the new-order box: the lines are checked in chunks, so the page
  // keeps answering. Reported: the longest main-thread task from the paste to the final counts.
  await page.goto(`${base}/#/app/quiry/basicinquiry`);
  const box = page.getByTestId('paste-box');
  await box.waitFor();
  const paste = Array.from({ length: 100_000 }, (_, i) =>
    imeiWithCheckDigit(String(35325620000000 + i)),
  ).join('\n');
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  // As a paste does: the whole text lands in one input event (timed in the page, so the transfer
  // of the text from this script does not count).
  await box.evaluate((element, text) => {
    (window as unknown as { pasteStart: number }).pasteStart = performance.now();
    const textarea = element as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }, paste);
  const pasteMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (document.querySelector('[data-testid=stats-valid]')?.getAttribute('data-count') !== '100000')
            return setTimeout(check, 5);
          resolve(performance.now() - (window as unknown as { pasteStart: number }).pasteStart);
        };
        check();
      }),
  );
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const longest = Math.max(0, ...longTasks);
  const checkMs = await page.evaluate(() => {
    const last = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? Number.NaN;
    return last('checks:lines-end') - last('checks:lines-start');
  });
  return { pasteMs, longTasks, longest, checkMs };
}
