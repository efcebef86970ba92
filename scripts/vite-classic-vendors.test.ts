import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  awaitVendorsInDynamicImports,
  namesImportedFrom,
  onDemandScript,
  shimModule,
} from './vite-classic-vendors.ts';

describe('namesImportedFrom', () => {
  it('reads named imports and re-exports of one module, without type-only ones, renamed or not', () => {
    const source = `import { Button, Group as G } from '@mantine/core';
import type { MantineTheme } from '@mantine/core';
import { type BoxProps, Box,
  Stack } from "@mantine/core";
export { Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Button as Other } from '@mantine/core-extra';`;
    expect(namesImportedFrom(source, '@mantine/core').sort()).toEqual([
      'Box',
      'Button',
      'Group',
      'Stack',
      'Text',
    ]);
    expect(namesImportedFrom(source, '@mantine/hooks')).toEqual(['useDisclosure']);
  });
});

describe('shimModule', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
    delete (globalThis as { __RO_VENDOR?: unknown }).__RO_VENDOR;
  });
  async function importShim(code: string): Promise<Record<string, unknown>> {
    dir = mkdtempSync(join(tmpdir(), 'shim-'));
    const file = join(dir, `shim-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, code);
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  }

  it("exports the vendor's values under their names, default included", async () => {
    const react = { useState: () => 'state', default: { name: 'React' } };
    (globalThis as { __RO_VENDOR?: unknown }).__RO_VENDOR = { react };
    const shim = await importShim(
      shimModule('react', ['default', 'useState'], '/assets/framework-vendor.js'),
    );
    expect(shim.default).toBe(react.default);
    expect(shim.useState).toBe(react.useState);
  });

  it('fails at once, naming the script, when the vendor has not run', async () => {
    await expect(
      importShim(shimModule('@mantine/core', ['Button'], '/assets/mantine-vendor.js')),
    ).rejects.toThrow('@mantine/core: /assets/mantine-vendor.js has not run');
  });
});

describe('onDemandScript', () => {
  const MANTINE = { name: 'mantine', id: '@mantine/core', src: '/assets/mantine-vendor-X.js' };
  function run(token: string | null) {
    const written: string[] = [];
    const appended: { src: string; onload: () => void; onerror: () => void }[] = [];
    const context: Record<string, unknown> = {
      Promise,
      localStorage: { getItem: (key: string) => (key === 'token' ? token : null) },
      document: {
        write: (html: string) => written.push(html),
        createElement: () => ({}),
        head: { appendChild: (script: (typeof appended)[number]) => appended.push(script) },
      },
    };
    runInNewContext(onDemandScript([MANTINE], 'token'), context);
    const load = context.__RO_VENDOR_LOAD as (name: string) => Promise<void>;
    return { written, appended, load, context };
  }

  it("writes a deferred script for a signed-in start (its order kept, after React's)", () => {
    expect(run('a-token').written).toEqual(['<script defer src="/assets/mantine-vendor-X.js"></script>']);
  });

  it('writes nothing for the sign-in page; the app runs the script once when it first needs it', async () => {
    const { written, appended, load, context } = run(null);
    expect(written).toEqual([]);
    const first = load('mantine');
    const second = load('mantine');
    expect(appended.map((s) => s.src)).toEqual(['/assets/mantine-vendor-X.js']);
    context.__RO_VENDOR = { '@mantine/core': {} };
    appended[0]!.onload();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    await load('mantine');
    expect(appended).toHaveLength(1);
  });

  it('a script that fails to load is tried again on the next need', async () => {
    const { appended, load } = run(null);
    const failed = load('mantine');
    appended[0]!.onerror();
    await expect(failed).rejects.toThrow('could not load /assets/mantine-vendor-X.js');
    void load('mantine');
    expect(appended).toHaveLength(2);
  });
});

describe('awaitVendorsInDynamicImports', () => {
  const chunk = (fileName: string, code: string, imports: string[] = [], dynamicImports: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    code,
    isEntry: false,
    imports,
    dynamicImports,
    moduleIds: fileName === 'assets/shim.js' ? ['\0ro-vendor:@mantine/core'] : [],
  });

  it('makes an import of a chunk that reaches the shims, directly or not, wait for the script', () => {
    const chunks = new Map(
      [
        chunk(
          'assets/index.js',
          'a(()=>import(`./page.js`));b(()=>import("./plain.js"));c(()=>import(\'./shim.js\'))',
          [],
          ['assets/page.js', 'assets/plain.js', 'assets/shim.js'],
        ),
        chunk('assets/page.js', '', ['assets/common.js']),
        chunk('assets/common.js', '', ['assets/shim.js']),
        chunk('assets/shim.js', ''),
        chunk('assets/plain.js', ''),
      ].map((c) => [c.fileName, c]),
    );
    const changed = awaitVendorsInDynamicImports(
      chunks,
      (c) => (c.moduleIds.length > 0 ? 'mantine' : null),
      (c, code) => (c.code = code.toString()),
    );
    expect(changed).toEqual(['assets/index.js']);
    expect(chunks.get('assets/index.js')!.code).toBe(
      'a(()=>globalThis.__RO_VENDOR_LOAD("mantine").then(()=>import(`./page.js`)));' +
        'b(()=>import("./plain.js"));' +
        'c(()=>globalThis.__RO_VENDOR_LOAD("mantine").then(()=>import(\'./shim.js\')))',
    );
  });
});
