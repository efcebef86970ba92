import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Everything the browser keeps for the origin: IndexedDB (every store), Cache Storage, localStorage. */
export interface BrowserStorage {
  idb: Record<string, Record<string, unknown[]>>;
  caches: Record<string, { url: string; body: string }[]>;
  localStorage: Record<string, string>;
}

export async function dumpBrowserStorage(page: Page): Promise<BrowserStorage> {
  return page.evaluate(async () => {
    const idb: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      idb[info.name] = {};
      for (const storeName of Array.from(db.objectStoreNames)) {
        idb[info.name]![storeName] = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
    }
    const cacheDump: Record<string, { url: string; body: string }[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      cacheDump[name] = [];
      for (const request of await cache.keys()) {
        // The shell's files are the app itself, the same for everyone: only their names.
        const body = name.includes('shell') ? '' : await (await cache.match(request))!.text();
        cacheDump[name]!.push({ url: request.url, body });
      }
    }
    const local: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      local[key] = localStorage.getItem(key) ?? '';
    }
    return { idb, caches: cacheDump, localStorage: local };
  });
}

/**
 * The app as a shop runs it, installed: its service worker registers and precaches the build. The
 * suite blocks the worker elsewhere (playwright.config.ts, decision 0065), because installing costs
 * each new browser context ~5 s of CPU; a test of what the worker does says `test.use(INSTALLED)`.
 */
export const INSTALLED = { serviceWorkers: 'allow' } as const;

/** Waits until the service worker controls the page. */
export async function underServiceWorker(page: Page): Promise<void> {
  // A bound, not a wait: installing precaches the whole build, slow when 4 workers share 2 cores.
  try {
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 45_000 });
  } catch (error) {
    throw new Error(
      'no service worker took control in 45 s (a test of the worker says test.use(INSTALLED))',
      {
        cause: error,
      },
    );
  }
}

/** Waits until the persisted query cache holds `text` (written throttled, ~1 s after a change). */
export async function persisted(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => JSON.stringify((await dumpBrowserStorage(page)).idb['repairops-query-cache'] ?? {}), {
      timeout: 10_000,
    })
    .toContain(text);
}

/** Adds an employee through the API (the Admin's token). */
export async function addEmployee(
  request: APIRequestContext,
  token: string,
  username: string,
  realName: string,
) {
  const answer = await (
    await request.post('/api/admin/add_employee', {
      headers: { token },
      data: { username, password: 'shop2026ok', real_name: realName, role: 1 },
    })
  ).json();
  if (answer.errcode !== 0) throw new Error(`add_employee: ${answer.msg}`);
  return answer.datas.user_id as number;
}
