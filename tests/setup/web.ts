// IndexedDB for the outbox and the persisted query cache (jsdom has none).
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { realServerHandlers } from '#tests/msw/handlers.ts';
import { activateLanguage, loadAllMessages } from '#src/lib/i18n.ts';

// The screens answer from the real server through inject: on a loaded 2-core machine the first
// answer can take more than the library's default second.
configure({ asyncUtilTimeout: 5000 });

// Mantine needs these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;

let testServer: TestServer | null = null;
export const mswServer = setupServer(
  ...realServerHandlers(() => {
    if (!testServer) throw new Error('no test server');
    return testServer.app;
  }),
);

beforeAll(async () => {
  mswServer.listen({ onUnhandledFrame: 'error' });
  // Every message of the app, not only the sign-in page's (src/lib/i18n.ts).
  await loadAllMessages();
  await activateLanguage('zh');
});

// Every test gets a fresh database: nothing leaks from one test to the next.
beforeEach(async () => {
  testServer = await createTestServer();
  localStorage.clear();
  window.location.hash = '';
});

afterEach(async () => {
  cleanup();
  mswServer.resetHandlers();
  await testServer?.close();
  testServer = null;
});

afterAll(() => mswServer.close());

export const currentTestServer = (): TestServer => {
  if (!testServer) throw new Error('no test server');
  return testServer;
};
