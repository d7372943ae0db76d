import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback web server for crawler tests: routes map a path to a handler or static reply. */
export type Route =
  | string
  | { status?: number; type?: string; body?: string | Buffer; headers?: Record<string, string> }
  | ((req: IncomingMessage, res: ServerResponse, url: URL) => void);

export interface TestSite {
  base: string;
  hits: string[];
  /** For tests that need more than routes (WebSocket upgrades …). */
  server: Server;
  close(): Promise<void>;
}

export async function startTestSite(
  routes: Record<string, Route>,
  fallback?: Route,
): Promise<TestSite> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.push(url.pathname + url.search);
    const route = routes[url.pathname] ?? fallback;
    if (!route) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    if (typeof route === 'function') return route(req, res, url);
    if (typeof route === 'string') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(route);
      return;
    }
    res.statusCode = route.status ?? 200;
    res.setHeader('content-type', route.type ?? 'text/html; charset=utf-8');
    for (const [k, v] of Object.entries(route.headers ?? {})) res.setHeader(k, v);
    res.end(route.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A page with the same navigation header/footer on every page, like a real docs site. */
export function docPage(title: string, body: string, links: string[] = []): string {
  const nav = links.map((l) => `<li><a href="${l}">${l}</a></li>`).join('');
  return `<!doctype html><html><head><title>${title}</title></head><body>
<header class="site-header"><a href="/">Example Docs</a><nav><ul>${nav}</ul></nav></header>
<div id="cookie-banner">We use cookies. Accept all cookies</div>
<main><h1>${title}</h1>${body}</main>
<footer>Copyright Example Corp. All rights reserved.</footer></body></html>`;
}
