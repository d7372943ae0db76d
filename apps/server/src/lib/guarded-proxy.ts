import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  addressPolicyOf,
  readBody,
  resolveChecked,
  type SafeFetchOptions,
  safeRequest,
} from './safe-fetch.ts';

/**
 * A local HTTP proxy that applies the outbound guard to every connection a client asks for: a
 * CONNECT tunnel (https, wss, and what else a browser tunnels) goes only to an address the
 * guard allows, resolved here and connected to as checked (no DNS rebinding); a plain proxied
 * request is made with the guarded client itself. A headless browser pointed at it for all of
 * its traffic (loopback included) cannot open a connection the guard would refuse, whatever
 * API its page uses. Refusals are a 403 and a closed socket.
 */
export interface GuardedProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export interface GuardedProxyOptions {
  /** A tunnel with no traffic for this long is closed. */
  idleMs?: number;
  /** Cap on a plain request's body and on its response. */
  maxBytes?: number;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
]);

export async function startGuardedProxy(
  fetchOpts: SafeFetchOptions,
  opts: GuardedProxyOptions = {},
): Promise<GuardedProxy> {
  const idleMs = opts.idleMs ?? 30_000;
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const sockets = new Set<Duplex>();
  const track = (s: Duplex) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  const server = createServer((req, res) => void forward(req, res, fetchOpts, maxBytes));
  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    void tunnel(req.url ?? '', client, head, fetchOpts, idleMs).then((upstream) => {
      if (upstream) track(upstream);
    });
  });
  // A plain (unencrypted) WebSocket without a tunnel: refused like anything unknown.
  server.on('upgrade', (_req: IncomingMessage, client: Duplex) => refuse(client));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function refuse(client: Duplex): void {
  client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  client.on('error', () => undefined);
}

/**
 * The host and port of a CONNECT target, the host read by the URL parser as safeRequest's
 * checkUrl reads it: every IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.1, 127.1, a trailing dot,
 * percent-escapes) becomes the dotted address it stands for, so the address check sees it
 * whatever the resolver would make of the raw text.
 */
function connectTarget(target: string): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(target);
  const port = Number(m?.[2]);
  if (!m?.[1] || !(port >= 1 && port <= 65535)) return null;
  try {
    return { host: new URL(`http://${m[1]}`).hostname, port };
  } catch {
    return null;
  }
}

/** CONNECT host:port → a TCP tunnel to a checked address of host, or a refusal. */
async function tunnel(
  target: string,
  client: Duplex,
  head: Buffer,
  fetchOpts: SafeFetchOptions,
  idleMs: number,
): Promise<Socket | null> {
  client.on('error', () => undefined);
  const parsed = connectTarget(target);
  if (!parsed) {
    refuse(client);
    return null;
  }
  const { host, port } = parsed;
  let addresses: string[];
  try {
    addresses = await resolveChecked(host, addressPolicyOf(fetchOpts), fetchOpts.resolver);
  } catch {
    refuse(client);
    return null;
  }
  const upstream = connect({ host: addresses[0], port, timeout: 10_000 });
  upstream.once('connect', () => {
    upstream.setTimeout(idleMs);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('timeout', () => upstream.destroy());
  upstream.on('error', () => undefined);
  upstream.once('close', () => client.destroy());
  client.once('close', () => upstream.destroy());
  return upstream;
}

/** A plain proxied request (absolute URL): made by the guarded client, body and reply capped. */
async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  fetchOpts: SafeFetchOptions,
  maxBytes: number,
): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new Error('request body too large');
      chunks.push(chunk as Buffer);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    const upstream = await safeRequest(
      req.url ?? '',
      { method: req.method ?? 'GET', headers, body: chunks.length ? Buffer.concat(chunks) : null },
      { ...fetchOpts, maxBytes, timeoutMs: 15_000, redirect: 'manual' },
    );
    const body = await readBody(upstream);
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(upstream.headers)) {
      if (v !== undefined && !HOP_BY_HOP.has(k) && k !== 'content-encoding') out[k] = v;
    }
    res.writeHead(upstream.status, out).end(body);
  } catch {
    if (!res.headersSent) res.writeHead(403, { 'content-length': 0 });
    res.end();
  }
}
