import { expect, test } from '@playwright/test';
import { addEmployee } from './offline.ts';
import { signInFast } from './session.ts';

const RUN = String(Date.now() % 100_000).padStart(5, '0');

test('real time: a change made on another device shows without a reload (socket.io, data:changed)', async ({
  page,
  request,
}) => {
  const token = await signInFast(page, request);
  const username = `rt_${RUN}`;
  const userId = await addEmployee(request, token, username, '实时前');
  const codeFetched = page.waitForResponse((r) => r.url().includes('/api/socket_io/get_ws_auth_code'));
  // socket.io's CONNECT acknowledgement ("40{sid}") over the WebSocket: the server accepted the code.
  const accepted = page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
  await page.goto('/#/app/accountmanagement');
  await expect(page.getByTestId(`employee-${username}`)).toContainText('实时前');
  // No code was stored: one was fetched for the socket, stored, and accepted.
  expect((await (await codeFetched).json()).errcode).toBe(0);
  await accepted;
  expect(await page.evaluate(() => localStorage.getItem('code'))).toBeTruthy();

  // Another device (another session, through the API) edits the employee.
  const device = await page.context().browser()!.newPage();
  const other = await signInFast(device, request);
  await device.close();
  const answer = await (
    await request.post('/api/admin/edit_user', {
      headers: { token: other },
      data: { user_id: userId, real_name: `实时后${RUN}` },
    })
  ).json();
  expect(answer.errcode).toBe(0);
  await expect(page.getByTestId(`employee-${username}`)).toContainText(`实时后${RUN}`);
});
