import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrl, SAFE_FETCH_MESSAGES, SafeFetchError, safeFetch } from './safe-fetch.ts';

const BLOCKED = SAFE_FETCH_MESSAGES.blocked_address;

let server: Server;
let base: string;
let port: number;
const hits: string[] = [];

function handler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  hits.push(url.pathname);
  const to = url.searchParams.get('to');
  switch (url.pathname) {
    case '/ok':
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<p>hello ${req.headers['user-agent']}</p>`);
      return;
    case '/redirect':
      res.statusCode = 302;
      res.setHeader('location', to ?? '/ok');
      res.end();
      return;
    case '/echo': {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ method: req.method, body, type: req.headers['content-type'] ?? null }),
        );
      });
      return;
    }
    case '/see-other':
      res.statusCode = 303;
      res.setHeader('location', '/echo');
      res.end();
      return;
    case '/loop':
      res.statusCode = 301;
      res.setHeader('location', '/loop');
      res.end();
      return;
    case '/big': {
      const chunk = Buffer.alloc(64 * 1024, 97);
      if (url.searchParams.has('length'))
        res.setHeader('content-length', String(chunk.length * 40));
      for (let i = 0; i < 40; i++) res.write(chunk);
      res.end();
      return;
    }
    case '/bomb':
      res.setHeader('content-encoding', 'gzip');
      res.end(zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024)));
      return;
    case '/slow':
      setTimeout(() => res.end('late'), 2_000);
      return;
    default:
      res.statusCode = 404;
      res.end('nope');
  }
}

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** The loopback test server counts as "external" only through this explicit exception. */
const loopbackOnly = { allowPrivate: false, allowedAddresses: ['127.0.0.1'] };

async function refusal(p: Promise<unknown>): Promise<SafeFetchError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe('checkUrl without the private allow-list', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.53:8080/x',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://127.0.1/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://2852039166/',
    'http://224.0.0.1/',
    'http://127.0.0.1./',
    'https://[0:0:0:0:0:ffff:127.0.0.1]:443/',
  ])('refuses %s', (u) => {
    expect(() => checkUrl(u, { allowPrivate: false })).toThrowError(BLOCKED);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://127.0.0.1:25/',
    'data:text/html,hi',
    'javascript:alert(1)',
    'dict://localhost:11211/',
  ])('refuses the scheme of %s', (u) => {
    expect(() => checkUrl(u, { allowPrivate: false })).toThrowError(SAFE_FETCH_MESSAGES.bad_scheme);
  });

  it('refuses garbage and accepts public addresses', () => {
    expect(() => checkUrl('not a url')).toThrowError(SAFE_FETCH_MESSAGES.invalid_url);
    expect(checkUrl('http://93.184.216.34/', { allowPrivate: false }).hostname).toBe(
      '93.184.216.34',
    );
    expect(checkUrl('https://example.com/a', { allowPrivate: false }).hostname).toBe('example.com');
    expect(checkUrl('http://[2606:4700::1111]/', { allowPrivate: false }).hostname).toBe(
      '[2606:4700::1111]',
    );
  });

  it('accepts loopback and private addresses with the allow-list', () => {
    expect(checkUrl('http://127.0.0.1:3000/', { allowPrivate: true }).port).toBe('3000');
    expect(checkUrl('http://[::1]/', { allowPrivate: true }).hostname).toBe('[::1]');
  });
});

describe('safeFetch', () => {
  it('fetches through the guard and sends the DocentBot user agent', async () => {
    const res = await safeFetch(`${base}/ok`, {}, loopbackOnly);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^<p>hello DocentBot\/1\.0/);
  });

  it('refuses loopback without the allow-list and never connects', async () => {
    const before = hits.length;
    const err = await refusal(safeFetch(`${base}/ok`, {}, { allowPrivate: false }));
    expect(err.message).toBe(BLOCKED);
    expect(hits.length).toBe(before);
  });

  it('allows loopback with ALLOW_PRIVATE_NETWORK', async () => {
    const res = await safeFetch(`${base}/ok`, {}, { allowPrivate: true });
    expect(res.ok).toBe(true);
  });

  it('refuses a DNS name that resolves to an internal address, before connecting', async () => {
    const before = hits.length;
    for (const answer of [
      ['127.0.0.1'],
      ['10.0.0.7'],
      ['93.184.216.34', '169.254.169.254'],
      ['::1'],
    ]) {
      const resolver = async () => answer;
      const err = await refusal(
        safeFetch(`http://internal.example:${port}/ok`, {}, { allowPrivate: false, resolver }),
      );
      expect(err.message).toBe(BLOCKED);
    }
    expect(hits.length).toBe(before);
  });

  it('connects to the address its own lookup checked (no second resolution)', async () => {
    let calls = 0;
    const resolver = async () => {
      calls++;
      return ['127.0.0.1'];
    };
    const res = await safeFetch(
      `http://docs.example:${port}/ok`,
      {},
      { ...loopbackOnly, resolver },
    );
    expect(res.status).toBe(200);
    expect(calls).toBe(1);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::1]:1/'],
    ['http://2852039166/'],
    ['http://10.0.0.1/admin'],
    ['file:///etc/passwd'],
  ])('refuses a redirect to %s', async (target) => {
    const before = hits.length;
    const err = await refusal(
      safeFetch(`${base}/redirect?to=${encodeURIComponent(target)}`, {}, loopbackOnly),
    );
    expect(hits.length).toBe(before + 1);
    expect([BLOCKED, SAFE_FETCH_MESSAGES.bad_scheme]).toContain(err.message);
  });

  it('refuses a redirect to a name resolving internally', async () => {
    const resolver = async (host: string) => (host === 'inner.example' ? ['192.168.0.10'] : []);
    const err = await refusal(
      safeFetch(
        `${base}/redirect?to=${encodeURIComponent('http://inner.example/')}`,
        {},
        {
          ...loopbackOnly,
          resolver,
        },
      ),
    );
    expect(err.message).toBe(BLOCKED);
  });

  it('follows allowed redirects and caps their number', async () => {
    const res = await safeFetch(`${base}/redirect?to=/ok`, {}, loopbackOnly);
    expect(res.redirected).toBe(true);
    expect(res.url).toBe(`${base}/ok`);
    const err = await refusal(safeFetch(`${base}/loop`, {}, { ...loopbackOnly, maxRedirects: 3 }));
    expect(err.code).toBe('too_many_redirects');
  });

  it('caps body size with and without content-length, and gzip expansion', async () => {
    const opts = { ...loopbackOnly, maxBytes: 512 * 1024 };
    expect((await refusal(safeFetch(`${base}/big?length=1`, {}, opts))).code).toBe('too_large');
    const streamed = await safeFetch(`${base}/big`, {}, opts);
    expect((await refusal(streamed.text())).code).toBe('too_large');
    const bomb = await safeFetch(`${base}/bomb`, {}, opts);
    expect((await refusal(bomb.arrayBuffer())).code).toBe('too_large');
  });

  it('sends bodies like fetch (API clients), follows 303 as GET, and can leave redirects alone', async () => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"q":1}',
    };
    const echoed = await safeFetch(`${base}/echo`, init, loopbackOnly);
    expect(await echoed.json()).toEqual({
      method: 'POST',
      body: '{"q":1}',
      type: 'application/json',
    });
    const after303 = await safeFetch(`${base}/see-other`, init, loopbackOnly);
    expect(await after303.json()).toEqual({ method: 'GET', body: '', type: null });
    const manual = await safeFetch(`${base}/redirect?to=/ok`, { redirect: 'manual' }, loopbackOnly);
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/ok');
  });

  it('times out slow servers', async () => {
    const err = await refusal(
      safeFetch(`${base}/slow`, {}, { ...loopbackOnly, headersTimeoutMs: 200 }),
    );
    expect(err.code).toBe('timeout');
    expect(err.message).toBe('The website took too long to respond.');
  });
});
