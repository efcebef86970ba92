import { describe, expect, it } from 'vitest';
import { dropHeldPreloads } from './held-preloads.ts';

const entry = [
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/login-a.js","assets/boot-b.js","assets/login-c.css","assets/page-d.js"])))=>i.map(i=>d[i]);',
  'const A=n(()=>O(()=>import(`./login-a.js`).then(e=>e.t),__vite__mapDeps([0,1,2])));',
  'const B=n(()=>O(()=>import(`./page-d.js`).then(e=>e.t),__vite__mapDeps([3,1])));',
].join('\n');

describe('dropHeldPreloads (the classic start)', () => {
  it('drops the held chunks from the preload list of an import of a held chunk, and keeps the rest', () => {
    const out = dropHeldPreloads(entry, new Set(['login-a.js', 'boot-b.js']), 'index.js');
    expect(out?.code).toContain('import(`./login-a.js`).then(e=>e.t),__vite__mapDeps([2])');
    // A lazy page the script does not hold keeps its list: its shims are its static imports.
    expect(out?.code).toContain('import(`./page-d.js`).then(e=>e.t),__vite__mapDeps([3,1])');
    expect(out?.map.mappings.length).toBeGreaterThan(0);
  });

  it('empties a list whose every file is held', () => {
    const out = dropHeldPreloads(entry, new Set(['login-a.js', 'boot-b.js', 'login-c.css']), 'index.js');
    expect(out?.code).toContain('import(`./login-a.js`).then(e=>e.t),__vite__mapDeps([])');
  });

  it('changes nothing when no import targets a held chunk', () => {
    expect(dropHeldPreloads(entry, new Set(['boot-b.js']), 'index.js')).toBeNull();
    expect(dropHeldPreloads('const a = 1;', new Set(['login-a.js']), 'index.js')).toBeNull();
  });
});
