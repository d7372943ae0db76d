import { execFileSync, spawnSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

/**
 * Real documentation sites (Debian bookworm's PostgreSQL 15, Git 2.39 and Node.js 18 manuals,
 * Flask 2.2's Sphinx-built documentation and the mdBook-built Rust Reference) for the browser
 * journeys and bench/answer-quality. They are fetched once into a cache that git ignores, never
 * committed.
 */
export const DOCSITES_CACHE = path.join(REPO_ROOT, '.tmp', 'docsites');
const SCRIPTS = path.resolve(REPO_ROOT, '../shared/fixtures/scripts');
const FETCH_SCRIPT = path.join(SCRIPTS, 'fetch_debian_docs.sh');
const SITEMAP_SCRIPT = path.join(SCRIPTS, 'make_sitemap.py');
/** A copy made earlier on this machine (same script), used instead of downloading again. */
const SEED = process.env.DOCSITES_SEED ?? '/tmp/docsites';

/** The sites, each under `sites/<name>`: fetch_debian_docs.sh builds the first three. */
export type DocSite = 'postgresql-15' | 'git-2.39' | 'nodejs-18' | 'flask-2.2' | 'rustref-1.63';
/** Sites built here from one Debian package's HTML (a documentation generator the others lack). */
const PACKAGE_SITES: Partial<Record<DocSite, { pkg: string; dir: string }>> = {
  'flask-2.2': { pkg: 'python-flask-doc', dir: 'usr/share/doc/python-flask-doc/html' },
  // The Rust Reference, built by mdBook (its print.html holding every chapter included).
  'rustref-1.63': { pkg: 'rust-doc', dir: 'usr/share/doc/rust-doc/html/reference' },
};
const BROWSER_SITES: DocSite[] = ['postgresql-15', 'git-2.39'];
const present = (dir: string, sites: DocSite[]) =>
  sites.every((site) => existsSync(path.join(dir, 'sites', site, 'index.html')));

export const hasDocSiteScripts = existsSync(FETCH_SCRIPT) && existsSync(SITEMAP_SCRIPT);

/** Runs a command that downloads Debian packages, once more after `apt-get update` if it fails. */
function withPackageLists(what: string, command: string, args: string[], cwd?: string): void {
  const run = () => spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 15 * 60_000 });
  let result = run();
  if (result.status !== 0) {
    // apt-get download needs package lists; a fresh container has none.
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 10 * 60_000 });
    result = run();
  }
  if (result.status !== 0) {
    throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

function fetchDocs(out: string): void {
  withPackageLists('fetch_debian_docs.sh', 'bash', [FETCH_SCRIPT, out]);
}

/** Unpacks one package site (apt-get download, dpkg-deb -x) into `out/sites/<site>`. */
function fetchPackageSite(site: DocSite, out: string): void {
  const from = PACKAGE_SITES[site];
  if (!from) return;
  process.stderr.write(`[doc-sites] fetching Debian package ${from.pkg} into ${out}\n`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docsite-'));
  try {
    withPackageLists(`apt-get download ${from.pkg}`, 'apt-get', ['download', from.pkg], tmp);
    const deb = readdirSync(tmp).find((f) => f.endsWith('.deb')) as string;
    execFileSync('dpkg-deb', ['-x', path.join(tmp, deb), path.join(tmp, 'x')]);
    execFileSync('cp', ['-r', path.join(tmp, 'x', from.dir), path.join(out, 'sites', site)]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The script's sites into the cache: copied from SEED when there, else fetched. */
function seedOrFetchDocs(sites: DocSite[]): void {
  if (!present(SEED, sites)) {
    process.stderr.write(`[doc-sites] fetching Debian documentation into ${DOCSITES_CACHE}\n`);
    fetchDocs(DOCSITES_CACHE);
    return;
  }
  for (const site of sites) {
    if (present(DOCSITES_CACHE, [site])) continue;
    execFileSync('cp', ['-r', path.join(SEED, 'sites', site), path.join(DOCSITES_CACHE, 'sites')]);
  }
}

/**
 * The directory holding `sites/<site>` for each of `sites`, fetched on first use; null (with a
 * notice on stderr) when the fixtures scripts are not beside the repository.
 */
export function ensureDocSites(wanted: DocSite[] = BROWSER_SITES): string | null {
  if (present(DOCSITES_CACHE, wanted)) return DOCSITES_CACHE;
  if (!hasDocSiteScripts) {
    process.stderr.write(
      `[doc-sites] SKIPPED: ${SCRIPTS} is absent, the real documentation sites cannot be built\n`,
    );
    return null;
  }
  mkdirSync(path.join(DOCSITES_CACHE, 'sites'), { recursive: true });
  for (const site of wanted) {
    if (PACKAGE_SITES[site] && !present(DOCSITES_CACHE, [site])) {
      fetchPackageSite(site, DOCSITES_CACHE);
    }
  }
  const sites = wanted.filter((site) => !PACKAGE_SITES[site]);
  if (!present(DOCSITES_CACHE, sites)) seedOrFetchDocs(sites);
  if (!present(DOCSITES_CACHE, wanted)) throw new Error(`doc sites missing in ${DOCSITES_CACHE}`);
  return DOCSITES_CACHE;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export interface StaticSite {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves `root` on 127.0.0.1 like a plain static web server; `overrides` maps URL paths to
 * files outside it (a sitemap written for this port).
 */
export async function serveStatic(
  root: string,
  overrides: Record<string, string> = {},
): Promise<StaticSite & { server: Server }> {
  const base = path.resolve(root);
  const server = createServer((req, res) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = overrides[pathname] ?? path.join(base, pathname);
    if (!overrides[pathname] && !file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SitemapInfo {
  file: string;
  /** Pages in the sitemap. */
  pages: number;
  /** Pages a crawler following links from index.html finds. */
  reachable: number;
  /** Pages only the sitemap leads to (make_sitemap.py's count). */
  unreachable: number;
}

/** Writes a sitemap of every HTML page of `siteDir` at `baseUrl` (make_sitemap.py). */
export function writeSitemap(siteDir: string, baseUrl: string, out: string): SitemapInfo {
  const stdout = execFileSync('python3', [SITEMAP_SCRIPT, siteDir, baseUrl, '--out', out], {
    encoding: 'utf8',
  });
  const num = (key: string) => Number(new RegExp(`${key}=(\\d+)`).exec(stdout)?.[1] ?? NaN);
  return {
    file: out,
    pages: num('html_pages'),
    reachable: num('reachable_from_index'),
    unreachable: num('unreachable'),
  };
}
