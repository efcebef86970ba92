// A throwaway PostgreSQL cluster for the test run: the device-check path is tested on PostgreSQL too
// (server/jobs/postgres.test.ts reads REPAIROPS_TEST_PG_URL). Uses Debian's server binaries when
// they are installed (.ci/run installs them); without them the PostgreSQL tests are skipped.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a cluster on a free port, or answers null (and says why) when it cannot. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  // initdb refuses to run as root: run the cluster as the postgres user the package created.
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }) : null;
  if (asRoot && ids?.status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'repairops-pg-'));
  if (asRoot && ids) {
    const uid = Number(ids.stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const exec = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return spawnSync(command, full, { encoding: 'utf8', cwd: dir });
  };
  const data = join(dir, 'data');
  const init = exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  if (init.status !== 0) {
    process.stdout.write(`PostgreSQL: initdb failed, its tests are skipped\n${init.stderr}\n`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const port = await freePort();
  // A throwaway cluster: nothing to keep across a crash, so no waits for the disk (commits,
  // full-page images); CREATE DATABASE copies for every test server checkpoint less.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_wal_size=2GB -c checkpoint_timeout=30min`;
  const start = exec('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  if (start.status !== 0) {
    process.stdout.write(`PostgreSQL: pg_ctl start failed, its tests are skipped\n${start.stderr}\n`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
