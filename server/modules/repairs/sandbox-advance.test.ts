import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';

// Outside production, /sandbox/repair/advance moves the sandbox's simulated repairs on: only with a
// session, and only for the caller's shop (issue 25, point 7).
let s: TestServer;
let provider: SandboxRepairProvider;
beforeAll(async () => {
  provider = new SandboxRepairProvider({ latency: 'zero' });
  s = await createTestServer({ repairProvider: provider });
});
afterAll(() => s.close());

const advance = (hours: number, token?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/sandbox/repair/advance',
    payload: { hours },
    headers: token ? { token } : {},
  });

describe('/sandbox/repair/advance', () => {
  it("without a session: 1002, and no shop's clock moves", async () => {
    const res = await advance(48);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errcode: ErrCode.SESSION_EXPIRED });
    expect(provider.advanceOf(1)).toBe(0);
  });

  it("moves the caller's shop only; the other shop's repairs keep their own clock", async () => {
    const mine = await s.session();
    const other = await addOtherShop(s);
    expect((await advance(48, mine)).json()).toEqual({ ok: true, advance_hours: 48 });
    expect((await advance(0, other.token)).json()).toEqual({ ok: true, advance_hours: 0 });
    expect(provider.advanceOf(other.accountId)).toBe(0);

    // The same repair, asked for by each shop: only the moved shop's is 48 simulated hours on.
    const ask = async (account_id: number) => {
      const sub = await provider.submit({
        sn: null,
        imei: '356434375412302',
        repair_id: 'R100000001',
        since_ms: Date.now(),
        account_id,
      });
      if (sub.kind !== 'accepted') throw new Error(sub.kind);
      const done = await provider.poll(sub.ticket);
      if (done.kind !== 'done') throw new Error(done.kind);
      return done.status.progress;
    };
    expect(await ask(1)).not.toEqual(await ask(other.accountId));
    expect((await advance(-1, mine)).json()).toEqual({ ok: false, advance_hours: 48 });
  });
});
