import { describe, expect, it } from 'vitest';
import { runPool, type PoolJob } from './run-pool.ts';

/** A job that waits `ms`, prints `text` on stdout and `text!` on stderr, and exits with `code`. */
const job = (name: string, ms: number, text: string, code = 0): PoolJob => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `setTimeout(() => { console.log(${JSON.stringify(text)}); console.error(${JSON.stringify(`${text}!`)}); process.exit(${code}); }, ${ms})`,
  ],
});

describe('runPool', () => {
  it('prints each output whole under its heading, in the given order, with every exit code', async () => {
    const printed: string[] = [];
    const results = await runPool(
      [job('slow', 400, 'first'), job('fast', 0, 'second', 3), job('third', 0, 'third')],
      2,
      (text) => printed.push(text),
    );
    expect(results.map((r) => [r.name, r.code])).toEqual([
      ['slow', 0],
      ['fast', 3],
      ['third', 0],
    ]);
    expect(printed).toHaveLength(3);
    expect(printed[0]).toMatch(/^\n▶ slow \(\d+\.\d s\)\nfirst\n/);
    expect(printed[0]).toContain('first!');
    expect(printed[1]).toMatch(/^\n▶ fast \(\d+\.\d s\)\nsecond/);
    expect(printed[2]).toMatch(/^\n▶ third /);
  });

  it('runs up to `concurrency` jobs at once, and no more', async () => {
    // Each job prints when it started and when it ended (the clock of the machine, not a bound on time).
    const timed = (name: string): PoolJob => ({
      name,
      command: process.execPath,
      args: ['-e', 'const t = Date.now(); setTimeout(() => console.log(t, Date.now()), 300)'],
    });
    const spans = async (concurrency: number) => {
      const printed: string[] = [];
      await runPool([timed('a'), timed('b'), timed('c')], concurrency, (text) => printed.push(text));
      return printed.map((text) => text.trim().split('\n')[1]!.split(' ').map(Number) as [number, number]);
    };
    const overlaps = (s: [number, number][]) =>
      s.flatMap((x, i) => s.slice(i + 1).filter((y) => y[0] < x[1] && x[0] < y[1])).length;

    const two = await spans(2);
    expect(overlaps(two)).toBeGreaterThan(0);
    // Never three at once: the third starts after one of the first two has ended.
    expect(two[2]![0]).toBeGreaterThanOrEqual(Math.min(two[0]![1], two[1]![1]));
    expect(overlaps(await spans(1))).toBe(0);
  });

  it('answers 127 for a command that cannot start', async () => {
    const [result] = await runPool(
      [{ name: 'missing', command: '/no/such/binary', args: [] }],
      2,
      () => undefined,
    );
    expect(result!.code).toBe(127);
  });
});
