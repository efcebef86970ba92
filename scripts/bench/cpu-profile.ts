// The page's main thread as a V8 CPU profile, through the DevTools protocol: for benches that need
// to say where the time of an interaction goes (`FACETS_CPU_PROF=<file> npm run bench:facets`).
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** Function name (minified in a production build), file and position (0-based, as V8 gives). */
  name: string;
  where: string;
  ms: number;
}

/** Starts sampling the page's main thread every 100 µs; `stop` writes the profile and answers it. */
export async function startCpuProfile(page: Page): Promise<{ stop(file: string): Promise<Profile> }> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return {
    async stop(file) {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
      writeFileSync(file, JSON.stringify(profile));
      await session.detach();
      return profile;
    },
  };
}

/** Self time per function (samples where it was on top of the stack), most first. */
export function selfTimes(profile: Profile, top = 25): SelfTime[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, SelfTime>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byNode.get(profile.samples[i] as number);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.split('/').pop() ?? url;
    const where = file ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = totals.get(key) ?? { name: functionName || '(anonymous)', where, ms: 0 };
    entry.ms += (profile.timeDeltas[i] ?? 0) / 1000;
    totals.set(key, entry);
  }
  return [...totals.values()].sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** Self time per script file (and V8's own entries: (program), (garbage collector)), most first. */
export function selfTimesByFile(profile: Profile, top = 15): { file: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byNode.get(profile.samples[i] as number);
    if (!node) continue;
    const { functionName, url } = node.callFrame;
    const file = url ? (url.split('/').pop() ?? url) : functionName || '(anonymous)';
    totals.set(file, (totals.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return [...totals]
    .map(([file, ms]) => ({ file, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}
