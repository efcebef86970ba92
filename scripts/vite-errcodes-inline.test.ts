import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrCode, silentErrCodes } from '#contract/errcodes.ts';
import { inlineErrCodes } from './vite-errcodes-inline.ts';

type Transform = (code: string, id: string) => Promise<{ code: string } | null>;
const transform = inlineErrCodes().transform as Transform;
const run = (code: string, id = resolve('src/x.ts')) => transform.call({}, code, id);

describe("the PWA's inlined errcodes", () => {
  it('turns every ErrCode.NAME into its number', async () => {
    const out = await run(
      "import { ErrCode } from '#contract/errcodes.ts';\nif (e === ErrCode.LOGIN_FAILED || e === ErrCode.PENDING) f({ [ErrCode.OK]: 1 });",
    );
    expect(out!.code).toContain(`e === ${ErrCode.LOGIN_FAILED} /* LOGIN_FAILED */`);
    expect(out!.code).toContain(`e === ${ErrCode.PENDING} /* PENDING */`);
    expect(out!.code).toContain(`[${ErrCode.OK} /* OK */]: 1`);
    expect(out!.code).not.toMatch(/ErrCode\.[A-Z]/);
  });

  it('in contract/errcodes.ts too, whose sets name codes (the table itself is left as it is)', async () => {
    const out = await run(
      'export const ErrCode = { OK: 0, PENDING: 1012 };\nexport const s = new Set([ErrCode.PENDING]);',
      resolve('contract/errcodes.ts'),
    );
    expect(out!.code).toContain('ErrCode = { OK: 0, PENDING: 1012 }');
    expect(out!.code).toContain(`new Set([${ErrCode.PENDING} /* PENDING */])`);
    expect(silentErrCodes.has(ErrCode.PENDING)).toBe(true);
  });

  it('leaves strings, templates, comments and types that spell ErrCode.NAME as they are, after any text', async () => {
    const out = await run(
      [
        '// 错误码：ErrCode.OK 见 contract/errcodes.ts',
        "const label = '登录失败 ErrCode.LOGIN_FAILED';",
        'const t = `ErrCode.PENDING ${ErrCode.PENDING}`;',
        'type Ok = typeof ErrCode.OK;',
        "const x: Ok = ErrCode.OK; f('é', ErrCode.LOGIN_FAILED);",
      ].join('\n'),
    );
    const code = out!.code;
    expect(code).toContain('// 错误码：ErrCode.OK 见 contract/errcodes.ts');
    expect(code).toContain("'登录失败 ErrCode.LOGIN_FAILED'");
    expect(code).toContain(`\`ErrCode.PENDING \${${ErrCode.PENDING} /* PENDING */}\``);
    expect(code).toContain('type Ok = typeof ErrCode.OK;');
    expect(code).toContain(
      `const x: Ok = ${ErrCode.OK} /* OK */; f('é', ${ErrCode.LOGIN_FAILED} /* LOGIN_FAILED */);`,
    );
  });

  it('leaves unknown names, the object itself, other modules and dependencies alone', async () => {
    expect(await run('f(ErrCode.NOT_A_CODE, Object.keys(ErrCode))')).toBeNull();
    expect(await run('const a = 1;')).toBeNull();
    expect(await run('f(ErrCode.OK)', resolve('node_modules/x/index.js'))).toBeNull();
    expect(await run('f(ErrCode.OK)', resolve('src/styles.css'))).toBeNull();
  });
});
