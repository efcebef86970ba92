// What the local SMS provider fakes share: an HTTP server on a free loopback port that hands each
// request (raw URL, headers, body) to the fake, can hold answers back (timeouts), and RFC 3986
// percent-encoding written out byte by byte, apart from the adapters' own (the fakes check their
// signatures independently).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: string;
}

export class FakeHttp {
  private server: Server | null = null;
  /** While true, requests are held without an answer (until stop): the adapter's timeout is tested. */
  hang = false;
  origin = '';

  async start(answer: (req: FakeRequest) => FakeAnswer): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        if (this.hang) return;
        const out = answer({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body });
        res.writeHead(out.status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(out.body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** RFC 3986: every UTF-8 byte but the unreserved characters as %XY (upper-case hex). */
export function rfc3986(value: string): string {
  let out = '';
  for (const ch of value) {
    if (UNRESERVED.test(ch)) out += ch;
    else
      for (const byte of Buffer.from(ch, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export const header = (headers: IncomingHttpHeaders, name: string): string => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
};
