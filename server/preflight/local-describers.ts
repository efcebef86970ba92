// The preflight's look at this machine: the database, the exports folder and tesseract. Each says
// what it found; none creates or changes anything (a SQLite file is not created by looking).
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type PgModule from 'pg';
import type { ServerConfig } from '#server/config.ts';
import type { Db } from '#server/db/connect.ts';
import type { ConnectionReport } from './connection.ts';

const PROBE_TIMEOUT_MS = 5_000;

/** The nearest folder that exists, and whether this process may write in it. */
function writableAt(path: string): { at: string; writable: boolean } {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  try {
    accessSync(at, constants.W_OK);
    return { at, writable: true };
  } catch {
    return { at, writable: false };
  }
}

/** host:port/database of a PostgreSQL URL: never its user or password. */
export function postgresTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(an unreadable postgres URL)';
  }
}

/** Why a probe failed, without anything of the URL (pg's errors carry a code and a plain message). */
const reason = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return (
    (e.code ? `${e.code}: ` : '') + (e.message ?? String(err)).replace(/postgres(ql)?:\/\/\S+/g, '<url>')
  );
};

async function probePostgres(url: string): Promise<string | null> {
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    const r = await client.query<{ v: string }>('SHOW server_version');
    return r.rows[0]?.v ?? '?';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database: with `db` (the running server's) it asks it a question; without (the doctor) a
 * PostgreSQL server is asked its version and a SQLite file is looked at, not created.
 */
export async function describeDatabase(config: ServerConfig, db?: Db): Promise<ConnectionReport> {
  const url = config.databaseUrl;
  const postgres = /^postgres(ql)?:\/\//.test(url);
  const where = postgres ? `PostgreSQL ${postgresTarget(url)}` : `SQLite file ${url}`;
  try {
    if (db) {
      await sql`SELECT 1`.execute(db.db);
      return { name: 'database', state: 'configured', detail: `${where} (answers)` };
    }
    if (postgres) {
      const version = await probePostgres(url);
      return { name: 'database', state: 'configured', detail: `${where} (answers, server ${version})` };
    }
  } catch (err) {
    return {
      name: 'database',
      state: 'missing',
      detail: `${where} does not answer (${reason(err)}): the server cannot start`,
    };
  }
  if (url === ':memory:')
    return { name: 'database', state: 'configured', detail: 'SQLite in memory (nothing kept)' };
  if (existsSync(url)) {
    const mb = (statSync(url).size / 1024 / 1024).toFixed(1);
    return { name: 'database', state: 'configured', detail: `${where} (${mb} MB)` };
  }
  const { at, writable } = writableAt(dirname(url));
  return writable
    ? { name: 'database', state: 'configured', detail: `${where} (made on the first start)` }
    : {
        name: 'database',
        state: 'missing',
        detail: `${where}: ${at} is not writable, the server cannot start`,
      };
}

export function describeExports(config: ServerConfig): ConnectionReport {
  const { dir, retentionMs, linkSecret } = config.exports;
  const kept = `files kept ${Math.round(retentionMs / 86_400_000)} days, links signed by ${linkSecret ? 'EXPORT_LINK_SECRET' : 'a key kept in the database'}`;
  const { at, writable } = writableAt(dir);
  if (!writable)
    return { name: 'exports', state: 'missing', detail: `${dir}: ${at} is not writable, Excel exports fail` };
  return {
    name: 'exports',
    state: 'configured',
    detail: `${dir} (${at === dir ? 'writable' : 'made on the first export'}), ${kept}`,
  };
}

const run = (file: string, args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile(file, args, { timeout: PROBE_TIMEOUT_MS }, (err, stdout, stderr) =>
      err ? reject(err) : resolve(`${stdout}\n${stderr}`),
    ),
  );

/** Text recognition (identify_sn_imei): the tesseract binary and its English data. */
export async function describeTesseract(config: ServerConfig): Promise<ConnectionReport> {
  const binary = config.ocr.binary;
  const missing = (why: string): ConnectionReport => ({
    name: 'tesseract',
    state: 'missing',
    detail: `${why}: photos are answered "could not be read" (apt-get install tesseract-ocr tesseract-ocr-eng)`,
  });
  let version: string;
  try {
    version = (await run(binary, ['--version'])).trim().split('\n')[0] ?? binary;
  } catch (err) {
    return missing(
      `${binary} ${(err as { code?: string }).code === 'ENOENT' ? 'not found' : 'does not run'}`,
    );
  }
  const langs = await run(binary, ['--list-langs']).catch(() => '');
  if (!/^eng$/m.test(langs)) return missing(`${version} without its English data`);
  return { name: 'tesseract', state: 'configured', detail: `${version} with English data` };
}
