// A Chromium the benches drive over the DevTools protocol themselves, without Playwright: Playwright
// enables the Runtime domain on every page it opens, and that alone makes V8 re-parse each big script
// it runs for source positions (30-50 ms for React's, `npm run bench:devtools-cost`). Here a page gets
// only what a bench asks for; `Runtime.evaluate` works without `Runtime.enable`.
import { spawn } from 'node:child_process';
import { CHROMIUM_FLAGS, chromiumPath, freePort } from '../lib/app-server.ts';

export interface PlainChromium {
  /** A protocol command, to the browser or (with `sessionId`) to an attached page; its result. */
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** A new tab at `url`, attached (flat session) so that commands can reach it: its ids. */
  newTab(url: string): Promise<{ targetId: string; sessionId: string }>;
  /** Calls `listener` with the params of every protocol event named `method` (e.g. `Tracing.dataCollected`). */
  on(method: string, listener: (params: Record<string, unknown>) => void): void;
  /** The value of `expression` in the tab (awaited when a promise), as JSON. */
  evaluate<T>(sessionId: string, expression: string): Promise<T>;
  close(): Promise<void>;
}

/** Starts headless Chromium on the profile `userDataDir` (the project's flags) and connects to it. */
export async function launchPlainChromium(userDataDir: string, args: string[] = []): Promise<PlainChromium> {
  const port = await freePort();
  const child = spawn(
    chromiumPath(),
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDataDir}`,
      ...args,
    ],
    { stdio: 'ignore' },
  );
  const socket = new WebSocket(await browserSocketUrl(port));
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let lastId = 0;
  const pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, ((params: Record<string, unknown>) => void)[]>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
    };
    if (message.method)
      for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {});
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result as never);
  };
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (v: never) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return {
    send,
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    async newTab(url) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      return { targetId, sessionId };
    },
    async evaluate<T>(sessionId: string, expression: string) {
      const { result, exceptionDetails } = await send<{
        result: { value: T };
        exceptionDetails?: { text: string };
      }>(
        'Runtime.evaluate',
        { expression: `(async () => (${expression}))()`, returnByValue: true, awaitPromise: true },
        sessionId,
      );
      if (exceptionDetails) throw new Error(`evaluate: ${exceptionDetails.text}`);
      return result.value;
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      socket.close();
      child.kill();
    },
  };
}

/** The browser's protocol address, once Chromium listens on `port`. */
async function browserSocketUrl(port: number): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
        webSocketDebuggerUrl: string;
      };
      return version.webSocketDebuggerUrl;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Chromium did not open its debugging port ${port}`);
}
