import { Writable } from 'node:stream';

/**
 * The terminal's log format (LOG_FORMAT=pretty, the default outside production): pino's JSON lines
 * turned into short readable ones, `12:04:05 WARN  message  key=value`, and quiet: a request that
 * went well (status below 400, answered within a second) is not printed unless LOG_LEVEL is debug
 * or trace. `npm start` used to print one JSON line per request (9,000 in a half-hour walk through
 * the app), burying its banner (issue 27). Production and log collectors keep JSON (LOG_FORMAT=json).
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const SLOW_MS = 1000;
/** Fields every line has, or that the line's own text already says. */
const SKIP = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'instance',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

/** One JSON log line as the terminal shows it, or null when it is left out. */
export function prettyLine(json: string, everyRequest: boolean): string | null {
  let r: LogRecord;
  try {
    r = JSON.parse(json) as LogRecord;
  } catch {
    return json.trimEnd();
  }
  const level = r.level ?? 30;
  const time = new Date(r.time ?? Date.now()).toTimeString().slice(0, 8);
  const label = (LEVELS[level] ?? String(level)).padEnd(5);
  let text = r.msg ?? '';
  if (r.msg === 'request completed' && r.req) {
    const status = r.res?.statusCode ?? 0;
    const ms = Math.round(r.responseTime ?? 0);
    if (!everyRequest && status < 400 && ms < SLOW_MS) return null;
    text = `${r.req.method ?? ''} ${r.req.url ?? ''} ${status} ${ms} ms`;
  }
  const extra = Object.entries(r)
    .filter(([k, v]) => !SKIP.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  let line = `${time} ${label} ${text}${extra.length ? '  ' + extra.join(' ') : ''}`;
  if (r.err)
    line += `\n${level >= 50 && r.err.stack ? r.err.stack : `${r.err.type ?? 'Error'}: ${r.err.message ?? ''}`}`;
  return line;
}

/** A stream pino writes its JSON lines to, that writes the readable ones to `out`. */
export function prettyStream(out: NodeJS.WritableStream, level: string): Writable {
  const everyRequest = level === 'debug' || level === 'trace';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const json of String(chunk).split('\n')) {
        if (!json) continue;
        const line = prettyLine(json, everyRequest);
        if (line !== null) out.write(line + '\n');
      }
      done();
    },
  });
}
