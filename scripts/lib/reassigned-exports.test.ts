import { describe, expect, it } from 'vitest';
import { reassignedExports } from './reassigned-exports.ts';

describe('reassignedExports', () => {
  it('names an exported binding that a function assigns or updates later', () => {
    const code = `let a = 1, b = 2, n = 0; var d; const c = 3;
function set() { a = 5; let b; b = 3; }
const bump = () => { n++; };
d = 4;
if (c) { b = 1; }
export { a as x, b as y, c as z, d as w, n, set, bump };`;
    // b and d are written on the top level only (while the script runs); the inner b is another binding.
    expect(reassignedExports(code)).toEqual(['a', 'n']);
  });

  it('reads an exported declaration as an export', () => {
    expect(reassignedExports('export let user = null; export function signIn(u) { user = u; }')).toEqual([
      'user',
    ]);
  });

  it('finds nothing in a chunk that exports constants, functions and classes', () => {
    expect(
      reassignedExports('const a = 1; function f() { return a; } class K {} export { a, f as g, K };'),
    ).toEqual([]);
  });

  it('reads a destructuring write inside a function as a write', () => {
    expect(
      reassignedExports('let a, b; function f(o) { ({ a } = o); [b] = o.list; } export { a, b, f };'),
    ).toEqual(['a', 'b']);
  });
});
