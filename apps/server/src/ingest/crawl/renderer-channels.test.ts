import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChromiumRenderer } from './renderer.ts';
import { type Route, startTestSite, type TestSite } from './test-site.fixture.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  process.stderr.write('[renderer-channels.test] /usr/bin/chromium missing: tests skipped\n');
}

/** A TCP and a UDP listener on one port of an address the guard refuses; it logs any contact. */
async function startTrap(host: string) {
  const contacts: string[] = [];
  const tcp: Server = createServer((socket) => {
    contacts.push(`tcp from ${socket.remotePort}`);
    socket.on('data', (d) => contacts.push(`tcp data ${d.subarray(0, 40).toString('latin1')}`));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => tcp.listen(0, host, resolve));
  const { port } = tcp.address() as { port: number };
  const udp = createSocket('udp4');
  udp.on('message', (m) => contacts.push(`udp ${m.length} bytes`));
  await new Promise<void>((resolve) => udp.bind(port, host, resolve));
  return {
    target: `${host}:${port}`,
    contacts,
    close: async () => {
      udp.close();
      await new Promise((r) => tcp.close(r));
    },
  };
}

/**
 * Other spellings of the trap's host:port: IPv4 in decimal, octal and hex, IPv6 forms, and a
 * name whose DNS answer is the trap's address.
 */
function spellings(t: string): string[] {
  const port = t.split(':')[1];
  return [
    '2130706434',
    '0177.0.0.2',
    '0x7f.0.0.2',
    '127.2',
    '[::ffff:127.0.0.2]',
    '[::ffff:7f00:2]',
    'inside.example',
  ].map((host) => `${host}:${port}`);
}

/** Every way a page can reach out that is not an ordinary request of the page. */
function channelsPage(t: string, allowedWs: string): string {
  const turn = (transport: string) => ({
    urls: `turn:${t}?transport=${transport}`,
    username: 'u',
    credential: 'p',
  });
  const rules = JSON.stringify({
    prefetch: [{ source: 'list', urls: [`http://${t}/speculative-prefetch`] }],
    prerender: [{ source: 'list', urls: [`http://${t}/speculative-prerender`] }],
  });
  const workerCode = `new WebSocket('ws://${t}/from-worker'); fetch('http://${t}/worker-fetch').catch(() => {});`;
  return `<!doctype html><html><head><title>Channels</title>
  <link rel="preconnect" href="http://${t}"><link rel="dns-prefetch" href="http://${t}">
  <link rel="prefetch" href="http://${t}/prefetch"><link rel="preload" as="fetch" href="http://${t}/preload">
  <link rel="modulepreload" href="http://${t}/module.js"><link rel="prerender" href="http://${t}/prerender">
  <script type="speculationrules">${rules}</script></head>
  <body><p>A page that tries every channel.</p><iframe src="http://${t}/frame"></iframe>
  <iframe src="/hop"></iframe><script src="/hop"></script>
  <img src="http://${t}/img.png"><video src="http://${t}/video.mp4"></video>
  <script>
    const attempt = (f) => { try { const p = f(); if (p && p.catch) p.catch(() => {}); } catch {} };
    attempt(() => new WebSocket('ws://${t}/ws'));
    attempt(() => new WebSocket('wss://${t}/wss'));
    for (const host of ${JSON.stringify(spellings(t))}) {
      attempt(() => new WebSocket('ws://' + host + '/ws-spelling'));
      attempt(() => fetch('http://' + host + '/fetch-spelling', { mode: 'no-cors' }));
    }
    attempt(() => fetch('/hop', { mode: 'no-cors' }));
    attempt(() => new EventSource('http://${t}/events'));
    attempt(() => navigator.sendBeacon('http://${t}/beacon', 'x'));
    attempt(() => fetch('http://${t}/fetch', { mode: 'no-cors', keepalive: true }));
    attempt(() => new WebTransport('https://${t}/wt').ready);
    attempt(() => navigator.serviceWorker.register('/sw.js'));
    attempt(() => new Worker(URL.createObjectURL(new Blob([${JSON.stringify(workerCode)}]))));
    attempt(() => {
      const pc = new RTCPeerConnection({
        iceServers: [{ urls: 'stun:${t}' }, ${JSON.stringify(turn('udp'))}, ${JSON.stringify(turn('tcp'))}],
      });
      pc.createDataChannel('x');
      return pc.createOffer().then((o) => pc.setLocalDescription(o));
    });
    const ok = new WebSocket('ws://${allowedWs}/allowed');
    ok.onopen = () => document.body.insertAdjacentHTML('beforeend', '<p id="ws">ALLOWED-WS-OPEN</p>');
  </script></body></html>`;
}

/** The test site answers a WebSocket handshake, so the allowed channel can be seen to work. */
function acceptWebSockets(upgrades: string[], open: Duplex[]) {
  return (req: IncomingMessage, socket: Duplex) => {
    upgrades.push(req.url ?? '');
    open.push(socket);
    socket.on('error', () => undefined);
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
  };
}

describe.skipIf(!hasChromium)('Chromium renderer: no channel escapes the outbound guard', () => {
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let site: TestSite;
  const routes: Record<string, Route> = {};
  const upgrades: string[] = [];
  const webSockets: Duplex[] = [];
  beforeAll(async () => {
    trap = await startTrap('127.0.0.2');
    site = await startTestSite(routes);
    site.server.on('upgrade', acceptWebSockets(upgrades, webSockets));
  });
  afterAll(async () => {
    // Upgraded sockets are the test's to end; the HTTP server no longer tracks them.
    for (const socket of webSockets) socket.destroy();
    await trap.close();
    await site.close();
  });

  it('WebSockets, WebRTC, prefetch, beacons, workers, redirects … reach nothing the guard refuses', async () => {
    routes['/'] = channelsPage(trap.target, new URL(site.base).host);
    // A redirect into the internal network, for the page's fetches, frames and scripts.
    routes['/hop'] = { status: 302, headers: { location: `http://${trap.target}/redirected` } };
    // The test site is "public" only through this exception; 127.0.0.2 is not, and neither is
    // what "inside.example" resolves to.
    const renderer = createChromiumRenderer(CHROMIUM, {
      allowPrivate: false,
      allowedAddresses: ['127.0.0.1'],
      resolver: async (host) => (host === 'inside.example' ? ['127.0.0.2'] : ['127.0.0.1']),
    });
    try {
      // A page that redirects there is not rendered at all.
      expect(await renderer.render(`${site.base}/hop`)).toBeNull();
      const html = await renderer.render(`${site.base}/`);
      expect(html).toContain('A page that tries every channel.');
      // Give late attempts (ICE gathering, retries, prefetches) time to happen.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(trap.contacts).toEqual([]);
      // The guard is not a wall: a WebSocket to an allowed address works, through it.
      expect(upgrades).toContain('/allowed');
      expect(site.hits.filter((h) => h === '/hop').length).toBeGreaterThan(1);
    } finally {
      await renderer.close();
    }
  }, 90_000);
});
