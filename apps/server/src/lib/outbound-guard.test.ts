import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/security.md: every outbound request of the server goes through lib/safe-fetch.ts. This test
 * fails when server code calls fetch, undici, node:http(s) request/get, an HTTP client library
 * or raw sockets directly (lib/guarded-proxy.ts tunnels only to addresses the guard allowed).
 * Tests and test fixtures may talk to their own loopback servers.
 */
const SRC = fileURLToPath(new URL('../', import.meta.url));
// The guarded client (its entry point and the transport that opens connections) and the guarded
// proxy, which opens raw tunnels only to addresses safe-fetch's resolveChecked allowed.
const ALLOWED = new Set([
  'lib/safe-fetch.ts',
  'lib/safe-fetch/transport.ts',
  'lib/guarded-proxy.ts',
]);

const FORBIDDEN: [RegExp, string][] = [
  [/(^|[^\w.$])fetch\s*\(/m, 'global fetch('],
  [/\b(globalThis|global|window|self)\s*\.\s*fetch\b/, 'globalThis.fetch'],
  [
    /from\s+['"]undici['"]|require\(\s*['"]undici['"]\s*\)|import\(\s*['"]undici['"]\s*\)/,
    'undici',
  ],
  [/\bhttps?\s*\.\s*(request|get)\s*\(/, 'http.request/get'],
  [
    /import\s*\{[^}]*\b(request|get)\b[^}]*\}\s*from\s*['"](node:)?https?['"]/,
    'request/get from node:http(s)',
  ],
  [
    /from\s+['"](node-fetch|axios|got|superagent|needle|ky|cross-fetch|isomorphic-fetch)['"]/,
    'HTTP client library',
  ],
  [/new\s+XMLHttpRequest\b|\bEventSource\s*\(/, 'browser HTTP API'],
  [
    /import\s*\{[^}]*\b(connect|createConnection)\b[^}]*\}\s*from\s*['"](node:)?(net|tls)['"]/,
    'raw sockets from node:net/tls',
  ],
  [/\b(net|tls)\s*\.\s*(connect|createConnection)\s*\(/, 'net/tls.connect'],
  [/from\s+['"](node:)?dgram['"]/, 'UDP sockets'],
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.(test|fixture)\.ts$/.test(entry.name))
      out.push(full);
  }
  return out;
}

/** Comments may mention fetch; only code counts. */
function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function findDirectOutboundCalls(root: string): string[] {
  const hits: string[] = [];
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (ALLOWED.has(rel)) continue;
    const code = stripComments(readFileSync(file, 'utf8'));
    for (const [pattern, what] of FORBIDDEN) if (pattern.test(code)) hits.push(`${rel}: ${what}`);
  }
  return hits;
}

describe('outbound requests', () => {
  it('go only through lib/safe-fetch.ts', () => {
    expect(findDirectOutboundCalls(SRC)).toEqual([]);
  });

  it('the scan itself catches each forbidden form', () => {
    const samples = [
      'const r = await fetch(url);',
      'globalThis.fetch(url)',
      "import { request } from 'undici';",
      "import https from 'node:https'; https.get(u)",
      "import { request } from 'node:http';",
      "import axios from 'axios';",
      "import { connect } from 'node:net';",
      'tls.connect(443, host)',
      "import dgram from 'node:dgram';",
    ];
    for (const s of samples)
      expect(
        FORBIDDEN.some(([p]) => p.test(s)),
        s,
      ).toBe(true);
    for (const s of [
      'safeFetch(url)',
      'client.fetch(x)',
      "import { createServer } from 'node:http';",
      '// fetch(url)',
    ]) {
      expect(
        FORBIDDEN.some(([p]) => p.test(stripComments(s))),
        s,
      ).toBe(false);
    }
  });
});
