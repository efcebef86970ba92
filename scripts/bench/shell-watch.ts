// How the browser benches see the signed-in shell of a start (offline-bench.ts, offline-ab.ts,
// pages.ts, code-cache.ts through Playwright; pages-plain.ts in a plain Chromium).
import type { BrowserContext, Page } from '@playwright/test';

/**
 * What the page logs at the shell's first frame, followed by its time from the navigation start, and
 * the name of the performance mark it sets there.
 */
export const SHELL_PAINTED = 'repairops-bench:shell-painted';

/**
 * Runs in every new document of the context before the app: at the first animation frame after the
 * signed-in shell's user menu entered the DOM, logs the time from the navigation start and marks it
 * (a page with no DevTools Runtime, whose console nobody hears, is read from the mark once settled).
 * A console message, not a value for Playwright to poll: a `waitForFunction` puts Playwright's
 * injected script into the page first (~10 ms of its main thread in a trace, in the middle of the
 * start), and a locator's `waitFor` polls in steps of up to 500 ms.
 */
function watchForShell(marker: string): void {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="current-user"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      performance.mark(marker);
      console.debug(marker, performance.now());
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function watchForShellIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchForShell, SHELL_PAINTED);
}

/** The same watcher as a script's source, for `Page.addScriptToEvaluateOnNewDocument`. */
export const shellWatchSource = (): string =>
  `(${watchForShell.toString()})(${JSON.stringify(SHELL_PAINTED)});`;

export interface ShellStart {
  /** From the bench's goto to the shell's message received (includes Playwright's round trips). */
  wallMs: number;
  /** In the page, from its navigation start to the first frame with the shell (no round trips). */
  pageMs: number;
}

/** Opens `url` in `tab` (of a context given to watchForShellIn) and waits for the shell's first frame. */
export async function startToShell(tab: Page, url: string): Promise<ShellStart> {
  const painted = tab.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(SHELL_PAINTED),
    timeout: 60_000,
  });
  const started = performance.now();
  await tab.goto(url);
  const message = await painted;
  const wallMs = performance.now() - started;
  return { wallMs, pageMs: Number(message.text().slice(SHELL_PAINTED.length + 1)) };
}
