import { request } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GuardedProxy, startGuardedProxy } from './guarded-proxy.ts';

/** A TCP listener that echoes what it receives and logs every connection. */
async function startEcho(host: string) {
  const contacts: string[] = [];
  const server: Server = createServer((socket) => {
    contacts.push('connected');
    socket.on('data', (d) => socket.write(d));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return { port, contacts, close: () => new Promise((r) => server.close(r)) };
}

/** Sends CONNECT target through the proxy; resolves with the status line and the tunnel. */
function connectThrough(proxy: GuardedProxy, target: string) {
  const { port } = new URL(proxy.url);
  return new Promise<{ status: string; echo: (text: string) => Promise<string> }>(
    (resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', reject);
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      socket.once('data', (d) => {
        const status = d.toString('latin1').split('\r\n')[0] ?? '';
        resolve({
          status,
          echo: (text) =>
            new Promise((done) => {
              socket.once('data', (e) => {
                done(e.toString());
                socket.destroy();
              });
              socket.write(text);
            }),
        });
      });
    },
  );
}

describe('guarded proxy', () => {
  let proxy: GuardedProxy;
  let allowed: Awaited<ReturnType<typeof startEcho>>;
  let forbidden: Awaited<ReturnType<typeof startEcho>>;
  beforeAll(async () => {
    allowed = await startEcho('127.0.0.1');
    forbidden = await startEcho('127.0.0.2');
    proxy = await startGuardedProxy({
      allowPrivate: false,
      allowedAddresses: ['127.0.0.1'],
      // "inside.example" is a name whose DNS answer is the forbidden address.
      resolver: async (host) => (host === 'inside.example' ? ['127.0.0.2'] : ['127.0.0.1']),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await allowed.close();
    await forbidden.close();
  });

  it('tunnels to an address the guard allows', async () => {
    const tunnel = await connectThrough(proxy, `127.0.0.1:${allowed.port}`);
    expect(tunnel.status).toBe('HTTP/1.1 200 Connection Established');
    expect(await tunnel.echo('hello')).toBe('hello');
  });

  it('refuses every spelling of a forbidden address, and names that resolve to one', async () => {
    const p = forbidden.port;
    for (const target of [
      `127.0.0.2:${p}`,
      `[::ffff:127.0.0.2]:${p}`,
      `[::ffff:7f00:2]:${p}`,
      `inside.example:${p}`,
      `[::1]:${p}`,
      `0.0.0.0:${p}`,
      `169.254.169.254:80`,
      `127.0.0.2:0`,
      'no-port-here',
    ]) {
      const tunnel = await connectThrough(proxy, target);
      expect(tunnel.status, target).toBe('HTTP/1.1 403 Forbidden');
    }
    expect(forbidden.contacts).toEqual([]);
  });

  it('makes plain proxied requests with the guarded client, refusing forbidden ones', async () => {
    const { port } = new URL(proxy.url);
    const get = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: url, method: 'GET' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get(`http://127.0.0.2:${forbidden.port}/`)).toBe(403);
    expect(await get(`http://inside.example:${forbidden.port}/`)).toBe(403);
    expect(forbidden.contacts).toEqual([]);
  });
});
