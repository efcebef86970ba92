import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino, { type LoggerOptions } from 'pino';
import { loggerOptions, redactUrl } from './logger.ts';
import { endpoints } from '#contract/endpoints.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/user/get_user?token=abc123', '/api/user/get_user?token=[redacted]'],
    ['/api/user/get_user?a=1&token=abc&b=2', '/api/user/get_user?a=1&token=[redacted]&b=2'],
    ['/api/x?TOKEN=abc', '/api/x?TOKEN=[redacted]'],
    ['/api/x?token=abc#frag', '/api/x?token=[redacted]#frag'],
    ['/api/x?token=a&token=b', '/api/x?token=[redacted]&token=[redacted]'],
    ['/api/x?token=', '/api/x?token=[redacted]'],
    ['/api/x?token=a%2Bb%3D', '/api/x?token=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  // Fastify decodes query keys, so `?to%6Ben=<token>` signs the request in: it must not be logged.
  it('redacts a percent-encoded token key', () => {
    expect(redactUrl('/api/user/get_user?to%6Ben=abc123')).not.toContain('abc123');
  });

  it('leaves other parameters and look-alikes alone', () => {
    expect(redactUrl('/api/x?mytoken=abc&page=2')).toBe('/api/x?mytoken=abc&page=2');
    expect(redactUrl('/api/exports/download?id=3&a=1&exp=9&sig=S3cr3t')).toBe(
      '/api/exports/download?id=3&a=1&exp=9&sig=[redacted]',
    );
    expect(redactUrl(endpoints.tncode.path)).toBe(endpoints.tncode.path);
    expect(redactUrl('/token=abc')).toBe('/token=abc');
  });
});

/** A pino logger with the server's options, writing JSON lines into an array. */
function capture(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino(loggerOptions(level) as LoggerOptions, stream);
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('loggerOptions', () => {
  it('sets the level', () => {
    expect(capture('warn').logger.level).toBe('warn');
    const { logger, lines } = capture('warn');
    logger.info('hidden');
    logger.warn('shown');
    expect(lines).toHaveLength(1);
  });

  it('logs a request as id, method, redacted url and ip only: no headers, no body', () => {
    const { logger, lines, parsed } = capture();
    const req = {
      id: 'req-1',
      method: 'POST',
      url: '/api/user/get_user?token=QUERY-SECRET',
      ip: '203.0.113.9',
      headers: { token: 'HEADER-SECRET', cookie: 'sid=COOKIE-SECRET', authorization: 'Bearer AUTH-SECRET' },
      body: { username: 'admin', password: 'PASSWORD-SECRET' },
    };
    logger.info({ req }, 'incoming request');
    expect(parsed()[0]!.req).toEqual({
      id: 'req-1',
      method: 'POST',
      url: '/api/user/get_user?token=[redacted]',
      ip: '203.0.113.9',
    });
    for (const secret of [
      'QUERY-SECRET',
      'HEADER-SECRET',
      'COOKIE-SECRET',
      'AUTH-SECRET',
      'PASSWORD-SECRET',
    ]) {
      expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('censors the token, authorization and cookie headers wherever a req carries them', () => {
    const { logger, lines } = capture();
    const child = logger.child({});
    child.info({ req: { method: 'GET', url: '/', headers: { token: 'T-SECRET' } } }, 'x');
    expect(lines.join('\n')).not.toContain('T-SECRET');
    const options = loggerOptions('info') as LoggerOptions;
    expect(options.redact).toEqual({
      paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    });
  });
});
