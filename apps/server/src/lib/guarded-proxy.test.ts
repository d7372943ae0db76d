import { request } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GuardedProxy, startGuardedProxy } from './guarded-proxy.ts';

/** A TCP listener that echoes what it receives, prefixed with its name, and logs connections. */
async function startEcho(host: string, name: string, port = 0) {
  const contacts: string[] = [];
  const server: Server = createServer((socket) => {
    contacts.push('connected');
    socket.on('data', (d) => socket.write(`${name}:${d}`));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as { port: number }).port;
  return { port: bound, contacts, close: () => new Promise((r) => server.close(r)) };
}

/** A forbidden (127.0.0.2) and an allowed (127.0.0.1) echo on the same port number. */
async function startEchoPair() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const forbidden = await startEcho('127.0.0.2', 'forbidden');
    const allowed = await startEcho('127.0.0.1', 'allowed', forbidden.port).catch(() => null);
    if (allowed) return { allowed, forbidden };
    await forbidden.close();
  }
  throw new Error('no port free on both 127.0.0.1 and 127.0.0.2');
}

/** Sends CONNECT target through the proxy; resolves with the status line and the tunnel. */
function connectThrough(proxy: GuardedProxy, target: string) {
  const { port } = new URL(proxy.url);
  return new Promise<{ status: string; echo: (text: string) => Promise<string> }>(
    (resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', reject);
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      socket.once('close', () =>
        resolve({ status: 'closed', echo: async () => 'closed before any reply' }),
      );
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
  const asked: string[] = [];
  beforeAll(async () => {
    ({ allowed, forbidden } = await startEchoPair());
    let rebinds = 0;
    proxy = await startGuardedProxy({
      allowPrivate: false,
      allowedAddresses: ['127.0.0.1'],
      // Stands in for DNS, which answers whatever name it is asked: "inside.example" is the
      // forbidden address, "rebind.example" the allowed one once and the forbidden one after,
      // and any other text the allowed address (so a spelling the proxy did not read as an
      // address would be let through to 127.0.0.1 on the same port).
      resolver: async (host) => {
        asked.push(host);
        if (host === 'inside.example') return ['127.0.0.2'];
        if (host === 'rebind.example') return rebinds++ === 0 ? ['127.0.0.1'] : ['127.0.0.2'];
        return ['127.0.0.1'];
      },
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
    expect(await tunnel.echo('hello')).toBe('allowed:hello');
  });

  it('refuses every spelling of a forbidden address, and names that resolve to one', async () => {
    const p = forbidden.port;
    const allowedContacts = allowed.contacts.length;
    for (const target of [
      `127.0.0.2:${p}`,
      // IPv4 in decimal, octal, hex, short and mixed forms, with a trailing dot, %-escaped.
      `2130706434:${p}`,
      `0177.0.0.2:${p}`,
      `017700000002:${p}`,
      `0x7f.0.0.2:${p}`,
      `0x7f000002:${p}`,
      `127.2:${p}`,
      `127.0.2:${p}`,
      `0x7f.0.0x0.02:${p}`,
      `127.0.0.2.:${p}`,
      `%31%32%37.0.0.2:${p}`,
      // IPv6 spellings of it, and of the local host.
      `[::ffff:127.0.0.2]:${p}`,
      `[::ffff:7f00:2]:${p}`,
      `[0:0:0:0:0:ffff:7f00:2]:${p}`,
      `[::127.0.0.2]:${p}`,
      `[64:ff9b::7f00:2]:${p}`,
      `[::1]:${p}`,
      `[::]:${p}`,
      `inside.example:${p}`,
      `0.0.0.0:${p}`,
      `0:${p}`,
      `169.254.169.254:80`,
      `127.0.0.2:0`,
      'no-port-here',
    ]) {
      const tunnel = await connectThrough(proxy, target);
      expect(tunnel.status, target).toBe('HTTP/1.1 403 Forbidden');
    }
    expect(forbidden.contacts).toEqual([]);
    expect(allowed.contacts).toHaveLength(allowedContacts);
  });

  it('connects to the address it checked: a name that rebinds after the check is not asked again', async () => {
    asked.length = 0;
    const tunnel = await connectThrough(proxy, `rebind.example:${allowed.port}`);
    expect(tunnel.status).toBe('HTTP/1.1 200 Connection Established');
    expect(await tunnel.echo('hi')).toBe('allowed:hi');
    expect(asked).toEqual(['rebind.example']);
    // Asked again (a new tunnel), the name now points inside and is refused.
    const again = await connectThrough(proxy, `rebind.example:${allowed.port}`);
    expect(again.status).toBe('HTTP/1.1 403 Forbidden');
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
