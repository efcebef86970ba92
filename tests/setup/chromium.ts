// The Chromium binary and the flags of every browser the project starts: the e2e suite
// (playwright.config.ts, and the specs that launch a browser of their own), the OCR fixtures, the
// benches, the icon generator and the Lighthouse check (scripts/lib/app-server.ts).
import { existsSync } from 'node:fs';

/**
 * Chromium's own browser UI, not the page under test: each window Playwright opens loads the
 * omnibox's popup as WebUI pages (chrome://omnibox-popup.top-chrome: the popup, its "full" and its
 * AI-mode variants) in a renderer process of their own, which fetches, compiles and runs their
 * scripts while the page in that window starts. In traces of an offline start in a new tab that
 * renderer kept a core busy for 296-338 ms of a 313-355 ms start, on a machine of 2 cores; the three
 * features off, no such renderer starts (none seen in 6 windows, one in each run with any of them
 * on). The address bar's popup is then Chromium's native one. Chromium merges this switch with
 * Playwright's own --disable-features.
 */
export const NO_OMNIBOX_WEBUI =
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup';

export const CHROMIUM_FLAGS = [
  // No sandbox in containers (CI runs as root).
  '--no-sandbox',
  '--disable-gpu',
  // No background traffic: without these Chromium floods the closed network of CI machines.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  NO_OMNIBOX_WEBUI,
];

/** A Chromium the environment names, if any. */
const namedChromium = (): string | undefined => process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH;

/** Debian's Chromium (the README's setup and CI install it), unless the environment names another. */
export const chromiumPath = (): string => namedChromium() ?? '/usr/bin/chromium';

/** Debian's package chromium-headless-shell: the same Chromium's headless shell, without its browser UI. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the end-to-end suite: the one the environment names (E2E_CHROMIUM_PATH, then
 * chromiumPath's variables), else Chromium's headless shell when it is installed (CI installs it), as
 * Playwright's own headless runs use, else Chromium. The same engine without the browser's windows
 * and UI costs a new browser context about 1 s of CPU less (decision 0066). The benches and the
 * Lighthouse check keep the full Chromium: they measure what a shop's browser does.
 */
export const e2eChromiumPath = (): string =>
  process.env.E2E_CHROMIUM_PATH ??
  namedChromium() ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath());
