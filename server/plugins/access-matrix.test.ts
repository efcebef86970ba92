import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '#contract/endpoint.ts';
import { endpoints, type EndpointName } from '#contract/endpoints.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { validInputs } from '#tests/fixtures/valid-inputs.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// Endpoint × role over the whole contract, on the real app with every handler: who gets past access.
const all = Object.entries(endpoints) as [EndpointName, EndpointDef][];

let s: TestServer;
let admin: string;
let editor: string;
beforeAll(async () => {
  s = await createTestServer();
  admin = await s.session();
  editor = await s.session('editor');
});
afterAll(async () => {
  await s.close();
});

const refusedByAccess = (errcode: number) =>
  errcode === ErrCode.SESSION_EXPIRED || errcode === ErrCode.FORBIDDEN;

describe.each(all.map(([n, e]) => [n, e.path, e.access] as const))('%s (%s, %s)', (name, path, access) => {
  it('without a token: 1002 unless public', async () => {
    // quit without a token succeeds; sendsms's signed-in purposes ask for the token themselves.
    const res = await s.call(path, validInputs[name]);
    if (access === 'public') expect(res.errcode).not.toBe(ErrCode.FORBIDDEN);
    else expect(res.errcode).toBe(ErrCode.SESSION_EXPIRED);
  });

  it(access === 'admin' ? 'the Editor: 1003' : 'the Editor: allowed', async () => {
    if (access === 'public') return; // a public call with a token would be quit (signing out)
    const res = await s.call(path, validInputs[name], { token: editor });
    if (access === 'admin') expect(res.errcode).toBe(ErrCode.FORBIDDEN);
    else expect(refusedByAccess(res.errcode), `${res.errcode} ${res.msg}`).toBe(false);
  });

  it('the Admin: allowed', async () => {
    if (access === 'public') return;
    const res = await s.call(path, validInputs[name], { token: admin });
    expect(refusedByAccess(res.errcode), `${res.errcode} ${res.msg}`).toBe(false);
  });
});
