import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { TicketLinks } from './ticket-link.ts';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(async () => {
  await s.close();
});

/** `work`, or an error once it has waited `ms` (a hang would otherwise be the test's timeout). */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, no) => setTimeout(() => no(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);

it("hands out a link inside the caller's transaction in a process that has not read its key yet", async () => {
  // As after a restart: the first counter write queues a message, whose link is made in the move's
  // transaction. On SQLite's one connection this waited for itself and stalled the server.
  const fresh = new TicketLinks(s.db);
  const path = await within(
    5_000,
    s.db.transaction().execute((trx) => fresh.pathOf(424242, trx)),
  );
  expect(path).toMatch(/^\/status\/t\/[A-Za-z0-9_-]{43}$/);
});

it('keeps no key made in a transaction that rolled back: links stay those of the committed key', async () => {
  const first = new TicketLinks(s.db);
  await expect(
    s.db.transaction().execute(async (trx) => {
      await first.pathOf(7, trx);
      throw new Error('the move failed');
    }),
  ).rejects.toThrow('the move failed');
  const committed = await new TicketLinks(s.db).pathOf(7);
  expect(await first.pathOf(7)).toBe(committed);
  // Made once, it is the same in every process and on every reprint.
  expect(await new TicketLinks(s.db).pathOf(7)).toBe(committed);
});
