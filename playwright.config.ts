import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, e2eChromiumPath } from './tests/setup/chromium.ts';

/**
 * Two workers, each with a server and a fresh database of its own, so spec files run side by side
 * without seeing each other's data. Four (decision 0057) were faster, but in two full runs on a
 * quiet 2-core machine the first tests of each worker, started together, lost the race for the CPU:
 * a service worker that took no control within 45 s, a route walk's page still empty (each passed
 * on its retry). `E2E_WORKERS=4` runs four.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** The first worker's server port; worker n uses E2E_PORT + 1000 n (specs that start a server of their own add 100 to it). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
const portOf = (index: number) => BASE_PORT + 1000 * index;
const infoOf = (index: number) => `test-results/e2e-server-${index}.json`;

// This file is evaluated again in every worker process, where Playwright has set the worker's
// TEST_PARALLEL_INDEX: the worker's specs then read their own server's port and database path.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_PORT = portOf(parallelIndex);
if (process.env.TEST_PARALLEL_INDEX !== undefined) {
  process.env.E2E_PORT = String(E2E_PORT);
  process.env.E2E_SERVER_INFO = infoOf(parallelIndex);
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  // Bounds, not waits: the workers share 2 cores with their servers, so a busy moment must not fail a test.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'zh-CN',
    // Recording a trace costs every test as it runs, passed or not: the route walk took 76 s of CPU
    // without and 134 s with 'retain-on-failure' (decision 0057). CI records the retry of a failed test
    // (retries: 1); a local run records its failures (run with --trace on for more).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Installing the service worker cost each new browser context ~5 s of CPU (it keeps the whole
    // build, 203 files), and most tests never look at what it does. Tests of the worker opt in
    // with tests/e2e/offline.ts's INSTALLED (decision 0065).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: e2eChromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'node scripts/e2e-server.ts',
    url: `http://localhost:${portOf(index)}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(portOf(index)), E2E_SERVER_INFO: infoOf(index) },
  })),
});
