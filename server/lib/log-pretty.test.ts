import { describe, expect, it } from 'vitest';
import { prettyLine } from './log-pretty.ts';

const at = new Date(2026, 10, 27, 9, 4, 5).getTime();
const request = (statusCode: number, responseTime: number) =>
  JSON.stringify({
    level: 30,
    time: at,
    pid: 1,
    hostname: 'h',
    instance: 'i',
    reqId: 'r',
    req: { method: 'POST', url: '/api/repair/device_list' },
    res: { statusCode },
    responseTime,
    msg: 'request completed',
  });

describe('prettyLine', () => {
  it('leaves a request that went well out, unless every request is asked for', () => {
    expect(prettyLine(request(200, 3.2), false)).toBeNull();
    expect(prettyLine(request(200, 3.2), true)).toBe('09:04:05 INFO  POST /api/repair/device_list 200 3 ms');
  });

  it('shows failed and slow requests in one short line', () => {
    expect(prettyLine(request(500, 12), false)).toBe('09:04:05 INFO  POST /api/repair/device_list 500 12 ms');
    expect(prettyLine(request(200, 1500), false)).toContain('200 1500 ms');
  });

  it('keeps a line its own fields and an error its stack, without the process fields', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: at,
        pid: 1,
        hostname: 'h',
        msg: 'job failed',
        job: 7,
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
      }),
      false,
    );
    expect(line).toBe('09:04:05 ERROR job failed  job=7\nError: boom\n    at x');
  });

  it('passes a line that is not JSON as it is', () => {
    expect(prettyLine('plain text\n', false)).toBe('plain text');
  });
});
