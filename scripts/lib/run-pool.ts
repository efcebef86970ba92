// Runs commands a few at a time, each with its output held back and printed whole, in the order the
// commands were given, once it has finished: `npm test`'s static checks and the end-to-end build run
// two at a time on CI's 2 cores (tsc, eslint and prettier each keep about one core busy), and their
// logs still read one check after the other.
import { spawn } from 'node:child_process';

export interface PoolJob {
  /** The heading printed above the job's output (`▶ name`). */
  name: string;
  command: string;
  args: string[];
}

export interface PoolResult {
  name: string;
  code: number;
  /** Wall time in milliseconds (for the log: where CI's minutes go). */
  ms: number;
}

/** Runs a command with its stdout and stderr collected (interleaved as they came); resolves with both. */
export function runCaptured(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: 127, output: `${String(error)}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/**
 * Runs `jobs` with at most `concurrency` at once, started in order. `print` gets each job's heading and
 * output in the jobs' order (a job finished early waits for those before it). Resolves with every
 * job's exit code, in order.
 */
export async function runPool(
  jobs: PoolJob[],
  concurrency: number,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<PoolResult[]> {
  const started: Promise<PoolResult & { output: string }>[] = [];
  let next = 0;
  const startNext = (): void => {
    const job = jobs[next++];
    if (!job) return;
    const t0 = performance.now();
    const done = runCaptured(job.command, job.args).then(({ code, output }) => ({
      name: job.name,
      code,
      output,
      ms: Math.round(performance.now() - t0),
    }));
    // A finished job frees its slot for the next one.
    void done.then(startNext);
    started.push(done);
  };
  for (let i = 0; i < Math.min(Math.max(1, concurrency), jobs.length); i++) startNext();

  const results: PoolResult[] = [];
  for (let i = 0; i < jobs.length; i++) {
    // started[i] exists by now: job i starts when one of the i jobs before it (or the pool) frees a slot.
    while (!started[i]) await Promise.race(started.slice(0, i));
    const { output, ...result } = await started[i]!;
    print(`\n▶ ${result.name} (${(result.ms / 1000).toFixed(1)} s)\n${output}`);
    results.push(result);
  }
  return results;
}
