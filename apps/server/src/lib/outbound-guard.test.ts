import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * SECURITY.md: every outbound request of the server goes through lib/safe-fetch.ts. This test
 * fails when server code calls fetch, undici, node:http(s) request/get or an HTTP client
 * library directly. Tests and test fixtures may talk to their own loopback servers.
 */
const SRC = fileURLToPath(new URL('../', import.meta.url));
const ALLOWED = new Set(['lib/safe-fetch.ts']);

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
