import { expect, test, type Page } from '@playwright/test';
import { openE2eDatabase } from './db.ts';
import { addEmployee, dumpBrowserStorage, persisted, underServiceWorker, INSTALLED } from './offline.ts';
import { signInFast } from './session.ts';

// The installed app: this spec is about what its service worker does (decision 0065).
test.use(INSTALLED);

// Unique per run: the e2e server's database lives for the whole run.
const RUN = String(Date.now() % 100_000).padStart(5, '0');

async function editName(page: Page, username: string, name: string) {
  await page.getByTestId(`employee-${username}`).getByRole('button', { name: '编辑' }).click();
  const form = page.getByTestId('employee-form');
  await form.locator('input[name=real_name]').fill(name);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
}

test('offline: the shell and the list open from cache, a change made offline reaches the server exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInFast(page, request);
  const username = `off_${RUN}`;
  await addEmployee(request, token, username, '离线前');

  await page.goto('/#/app/accountmanagement');
  await underServiceWorker(page);
  // Once more under the service worker, so the list's answer goes through its cache too.
  await page.reload();
  await expect(page.getByTestId(`employee-${username}`)).toContainText('离线前');
  await persisted(page, username);
  await expect(page.getByTestId('offline-indicator')).toBeHidden();

  // Offline, reload: the shell and the list show, with the offline indicator and the data's time.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  // The page itself came from the worker version's page cache by its static route, without the
  // worker having to start (src/lib/offline/sw-routes.ts).
  expect(
    await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as { workerMatchedSourceType?: string })
          .workerMatchedSourceType,
    ),
  ).toBe('cache');
  await expect(page.getByTestId(`employee-${username}`)).toContainText('离线前');
  await expect(page.getByTestId('data-as-of')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  // A change made offline waits in the outbox, across a reload and a closed tab.
  await editName(page, username, `离线改名${RUN}`);
  await expect(page.getByText('请检查网络状态').first()).toBeVisible();
  await expect(page.getByTestId('outbox-button')).toContainText('1');
  const queued = (await dumpBrowserStorage(page)).idb['repairops-outbox']!.items as {
    id: string;
    body: { request_id: string; real_name: string };
  }[];
  expect(queued).toHaveLength(1);
  const requestId = queued[0]!.body.request_id;
  expect(queued[0]!.body.real_name).toBe(`离线改名${RUN}`);

  await page.reload();
  await expect(page.getByTestId('outbox-button')).toContainText('1');
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/#/app/accountmanagement');
  await expect(reopened.getByTestId('offline-indicator')).toBeVisible();
  await expect(reopened.getByTestId('outbox-button')).toContainText('1');
  await reopened.getByTestId('outbox-button').click();
  await expect(reopened.getByTestId('outbox-item')).toHaveAttribute('data-state', 'queued');

  // Back online: replayed once, in order, and the list shows the server's new state.
  await context.setOffline(false);
  await expect(reopened.getByTestId('outbox-button')).toBeHidden({ timeout: 20_000 });
  await expect(reopened.getByTestId(`employee-${username}`)).toContainText(`离线改名${RUN}`);
  await expect(reopened.getByTestId('offline-indicator')).toBeHidden();

  const db = openE2eDatabase();
  try {
    const user = db.prepare('SELECT real_name FROM users WHERE username = ?').get(username) as {
      real_name: string;
    };
    expect(user.real_name).toBe(`离线改名${RUN}`);
    const keys = db.prepare('SELECT path, state FROM request_keys WHERE request_id = ?').all(requestId) as {
      path: string;
      state: string;
    }[];
    expect(keys).toEqual([{ path: '/api/admin/edit_user', state: 'done' }]);
  } finally {
    db.close();
  }
});

test('a refused replay is shown to fix or discard; logout asks about it, then leaves nothing of the user for the next one', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInFast(page, request);
  const marker = `iso_${RUN}`;
  await addEmployee(request, token, marker, `隔离${RUN}`);
  await page.goto('/#/app/accountmanagement');
  await underServiceWorker(page);
  await page.reload();
  await expect(page.getByTestId(`employee-${marker}`)).toBeVisible();
  await page.goto('/#/app/personalcenter');
  await expect(page.getByTestId('pc-username')).toHaveText('admin');
  await persisted(page, marker);

  // Offline, the Admin disables itself: queued; online, the server refuses it (cannot change self).
  await page.goto('/#/app/accountmanagement');
  await context.setOffline(true);
  await page.getByTestId('employee-admin').getByRole('button', { name: '编辑' }).click();
  const form = page.getByTestId('employee-form');
  // The switch's input is visually hidden (force); a click during the dialog's opening transition can
  // miss it (check() then throws "did not change its state"): try again until it takes.
  const disable = form.getByRole('switch', { name: '停用（无法登录）' });
  await expect(async () => disable.check({ force: true, timeout: 2_000 })).toPass();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('outbox-button')).toContainText('1');
  await context.setOffline(false);
  await page.getByTestId('outbox-button').click();
  await expect(page.getByTestId('outbox-item')).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-error')).not.toBeEmpty();
  await page.keyboard.press('Escape');

  // Logout asks first; cancel keeps the session.
  await page.getByRole('button', { name: '退出登录' }).click();
  const dialog = page.getByTestId('logout-outbox-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('current-user')).toHaveText('admin');
  await page.getByRole('button', { name: '退出登录' }).click();
  await dialog.getByRole('button', { name: '丢弃并退出登录' }).click();
  await expect(page).toHaveURL(/#\/user\/login/);

  const isClean = async (tab: Page) => {
    const storage = await dumpBrowserStorage(tab);
    const text = JSON.stringify({ ...storage.idb, ...storage.caches });
    expect(text).not.toContain(marker);
    expect(text).not.toContain(token);
    expect(storage.idb['repairops-outbox']?.items ?? []).toEqual([]);
    return storage;
  };
  const afterLogout = await isClean(page);
  expect(afterLogout.localStorage.token).toBeUndefined();
  expect(afterLogout.localStorage.user).toBeUndefined();
  expect(afterLogout.idb['repairops-query-cache']?.queries ?? []).toEqual([]);
  expect(afterLogout.caches['repairops-data-v1'] ?? []).toEqual([]);

  // A second user on the same browser (a new tab: the first one's sign-in script stays with it) signs
  // in, browses, and still finds nothing of the first.
  await page.close();
  const second = await context.newPage();
  await signInFast(second, request, 'editor');
  await second.goto('/#/app/personalcenter');
  await expect(second.getByTestId('pc-username')).toHaveText('editor');
  await persisted(second, 'editor');
  await expect(second.getByTestId('outbox-button')).toBeHidden();
  await isClean(second);
});

test('offline: the installed app opens at its start_url (/#/) on the landing page', async ({
  page,
  context,
  request,
}) => {
  await signInFast(page, request);
  await page.goto('/#/app/dashboards/default');
  await underServiceWorker(page);
  await expect(page.getByTestId('dashboard-title')).toBeVisible();

  await context.setOffline(true);
  const launched = await context.newPage();
  await launched.addInitScript(recordInlinePreloads);
  await launched.goto('/#/'); // scripts/pwa-manifest.ts's start_url
  await expect(launched.getByTestId('current-user')).toBeVisible();
  await expect(launched.getByTestId('dashboard-title')).toBeVisible();
  expect(new URL(launched.url()).hash).toBe('#/app/dashboards/default');

  // index.html asked for the signed-in start's chunks itself (scripts/vite-signed-in-preload.ts):
  // each was used, and fetched once (the app's own request found the preload).
  const preloaded = await launched.evaluate(() => {
    const fetched = performance.getEntriesByType('resource').map((r) => r.name);
    return (window as unknown as { inlinePreloads: string[] }).inlinePreloads.map((href) => ({
      href,
      times: fetched.filter((name) => name === href).length,
    }));
  });
  expect(preloaded.length).toBeGreaterThan(10);
  expect(preloaded.filter((p) => p.times !== 1)).toEqual([]);
  expect(preloaded.some((p) => /\/zh-[\w-]+\.js$/.test(p.href))).toBe(true);
  // React and Mantine ran from their classic scripts, each fetched once (decision 0061).
  const start = await vendorsRun(launched);
  expect(start.ran).toEqual(
    expect.arrayContaining(['@mantine/core', '@tanstack/react-router', 'react', 'react-dom/client']),
  );
  expect(start.fetched).toEqual(['framework-vendor', 'mantine-vendor']);
});

/** The libraries run from classic scripts (scripts/vite-classic-vendors.ts), and those scripts' fetches. */
function vendorsRun(page: Page): Promise<{ ran: string[]; fetched: string[] }> {
  return page.evaluate(() => ({
    ran: Object.keys((window as unknown as { __RO_VENDOR?: object }).__RO_VENDOR ?? {}).sort(),
    fetched: performance
      .getEntriesByType('resource')
      .map((r) => /\/assets\/(\w+-vendor)-[\w-]+\.js$/.exec(r.name)?.[1])
      .filter((name) => name !== undefined)
      .sort(),
  }));
}

/** Records the links that index.html's inline scripts add (a classic script without src is running). */
function recordInlinePreloads(): void {
  const added: string[] = [];
  (window as unknown as { inlinePreloads: string[] }).inlinePreloads = added;
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    const script = document.currentScript as HTMLScriptElement | null;
    if (node instanceof HTMLLinkElement && script && !script.src) added.push(node.href);
    return append.call(this, node) as T;
  };
}

test('the sign-in page asks for none of the signed-in start ahead', async ({ page }) => {
  await page.addInitScript(recordInlinePreloads);
  await page.goto('/#/user/login');
  await expect(page.locator('input[name=username]')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { inlinePreloads: string[] }).inlinePreloads),
  ).toEqual([]);
  // React's classic script, not Mantine's: the sign-in page is plain React (decision 0025).
  const signIn = await vendorsRun(page);
  expect(signIn.ran).toEqual(expect.arrayContaining(['@tanstack/react-router', 'react', 'react-dom/client']));
  expect(signIn.ran).not.toContain('@mantine/core');
  expect(signIn.fetched).toEqual(['framework-vendor']);
});
