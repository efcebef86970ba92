import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_SOURCE, type ServerToClientEvents } from '#contract/realtime.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

// A monitor alert reaches the signed-in employees of the shop live over the real socket (as the
// PWA's shell receives it on any page), and nobody of another shop.
let s: TestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await s.close();
});

async function socketOf(token: string): Promise<Socket<ServerToClientEvents>> {
  const code = await callEndpoint(s, endpoints.getWsAuthCode, {}, { token });
  const socket: Socket<ServerToClientEvents> = connectClient(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { auth_info: code.datas.code, source: SOCKET_SOURCE },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

it('pushes notice:new and repairs:changed to the shop only', { timeout: 30_000 }, async () => {
  const token = await s.session();
  await addOtherShop(s, { name: '隔壁', username: 'boss3', realName: '钱老板' });
  const mine = await socketOf(await s.session('editor'));
  const theirs = await socketOf(await s.session('boss3'));
  const got: unknown[] = [];
  const leaked: unknown[] = [];
  mine.on('notice:new', (n) => got.push(n));
  theirs.on('notice:new', (n) => leaked.push(n));
  theirs.on('repairs:changed', (n) => leaked.push(n));
  const changed = new Promise((resolve) => mine.on('repairs:changed', resolve));

  const batch = await callEndpoint(s, endpoints.repairBatchCreate, { title: '实时' }, { token });
  const intake = await callEndpoint(
    s,
    endpoints.repairIntake,
    {
      batch_id: batch.datas.id,
      lines: [{ ident: testImei(501), repair_ids: ['R500000501'], customer_name: '孙七' }],
    },
    { token },
  );
  await changed;
  await callEndpoint(s, endpoints.monitorWatch, { device_ids: intake.datas.device_ids }, { token });
  for (let i = 0; i < 30 && got.length === 0; i++) {
    s.clock.advance(12 * 3_600_000);
    await s.repairs.scheduler.runCycle();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(got[0]).toMatchObject({
    kind: 'repair',
    device_id: intake.datas.device_ids[0],
    customer_name: '孙七',
  });
  await new Promise((r) => setTimeout(r, 100));
  expect(leaked).toEqual([]);
});
