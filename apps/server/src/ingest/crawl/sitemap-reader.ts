import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import {
  contentTypeOf,
  isGzipType,
  readBody,
  SafeFetchError,
  type SafeFetchOptions,
  safeRequest,
  toSafeFetchError,
} from '../../lib/safe-fetch.ts';
import { normalizeUrl, siteKey } from './url.ts';

/**
 * Reads a sitemap (or sitemap index, .xml.gz included) under hard caps. XML is hostile input
 * (docs/security.md, "XML"): any DOCTYPE or ENTITY declaration is refused before parsing, the parser
 * runs with entity processing off, and size, gzip expansion, nesting depth, URL count, index
 * depth and the number of sitemaps read are all bounded. Index loops end through the visited set.
 */
export const SITEMAP_MESSAGES = {
  forbiddenXml:
    'This sitemap uses XML features (DOCTYPE or ENTITY declarations) that are not allowed.',
  unreadable:
    'This sitemap could not be read. Please check that the address points to a valid XML sitemap.',
  empty: 'No pages were found in this sitemap.',
  httpStatus: 'The sitemap could not be downloaded.',
} as const;

export class SitemapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SitemapError';
  }
}

export interface SitemapLimits {
  maxUrls: number;
  /** Nested sitemap indexes below the first file. */
  maxIndexDepth?: number;
  maxSitemaps?: number;
  maxBytes?: number;
  maxExpandedBytes?: number;
  maxXmlDepth?: number;
}

export interface SitemapListing {
  urls: string[];
  sitemapsRead: number;
  truncated: boolean;
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

export async function listSitemap(
  sitemapUrl: string,
  limits: SitemapLimits,
  fetchOpts: SafeFetchOptions = {},
): Promise<SitemapListing> {
  const maxSitemaps = limits.maxSitemaps ?? 50;
  const maxIndexDepth = limits.maxIndexDepth ?? 3;
  const first = normalizeUrl(sitemapUrl);
  if (!first) throw new SafeFetchError('invalid_url', sitemapUrl);
  const site = siteKey(first);
  const visited = new Set<string>([first]);
  const queue: { url: string; depth: number }[] = [{ url: first, depth: 0 }];
  const urls = new Set<string>();
  let read = 0;
  let truncated = false;

  while (queue.length > 0) {
    const { url, depth } = queue.shift() as { url: string; depth: number };
    if (read >= maxSitemaps) {
      truncated = true;
      break;
    }
    read++;
    let xml: string;
    try {
      xml = await downloadXml(url, limits, fetchOpts);
    } catch (err) {
      // The first file's failure is the user's answer; a broken child only loses its pages.
      if (read === 1) throw err instanceof SitemapError ? err : toSafeFetchError(err, url);
      continue;
    }
    const parsed = parseSitemapXml(xml, limits.maxXmlDepth ?? 32);
    for (const loc of parsed.locs) {
      const u = normalizeUrl(loc);
      if (!u || siteKey(u) !== site) continue;
      if (parsed.kind === 'index') {
        if (depth < maxIndexDepth && !visited.has(u)) {
          visited.add(u);
          queue.push({ url: u, depth: depth + 1 });
        }
      } else if (urls.size < limits.maxUrls) {
        urls.add(u);
      } else {
        truncated = true;
        break;
      }
    }
    if (urls.size >= limits.maxUrls) {
      truncated ||= queue.length > 0;
      break;
    }
  }
  return { urls: [...urls], sitemapsRead: read, truncated };
}

async function downloadXml(
  url: string,
  limits: SitemapLimits,
  fetchOpts: SafeFetchOptions,
): Promise<string> {
  const maxExpanded = limits.maxExpandedBytes ?? 50 * 1024 * 1024;
  const res = await safeRequest(
    url,
    { headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' } },
    { timeoutMs: 30_000, ...fetchOpts, maxBytes: limits.maxBytes ?? 20 * 1024 * 1024 },
  );
  if (res.status !== 200) {
    res.dispose();
    throw new SitemapError(SITEMAP_MESSAGES.httpStatus);
  }
  let body = await readBody(res);
  const gzipped = body[0] === 0x1f && body[1] === 0x8b;
  if (gzipped || isGzipType(contentTypeOf(res.headers))) {
    try {
      body = gunzipSync(body, { maxOutputLength: maxExpanded });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new SafeFetchError('too_large', url);
      throw new SitemapError(SITEMAP_MESSAGES.unreadable);
    }
  }
  return body.toString('utf8');
}

/** Throws SitemapError for forbidden or malformed XML. */
export function parseSitemapXml(
  xml: string,
  maxDepth = 32,
): { kind: 'urlset' | 'index'; locs: string[] } {
  if (/<!\s*(doctype|entity|element|attlist)/i.test(xml))
    throw new SitemapError(SITEMAP_MESSAGES.forbiddenXml);
  if (xmlDepth(xml) > maxDepth) throw new SitemapError(SITEMAP_MESSAGES.unreadable);
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new SitemapError(SITEMAP_MESSAGES.unreadable);
  }
  const urlset = doc.urlset as { url?: unknown } | undefined;
  const index = doc.sitemapindex as { sitemap?: unknown } | undefined;
  if (urlset !== undefined) return { kind: 'urlset', locs: locsOf(urlset?.url) };
  if (index !== undefined) return { kind: 'index', locs: locsOf(index?.sitemap) };
  throw new SitemapError(SITEMAP_MESSAGES.unreadable);
}

function locsOf(entries: unknown): string[] {
  const list = Array.isArray(entries) ? entries : entries ? [entries] : [];
  const out: string[] = [];
  for (const e of list) {
    const loc = (e as { loc?: unknown })?.loc;
    if (typeof loc === 'string' && loc) out.push(decodeXmlText(loc));
  }
  return out;
}

/** The five predefined entities and character references only: nothing user-defined exists. */
function decodeXmlText(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    const code = k.startsWith('#x')
      ? Number.parseInt(k.slice(2), 16)
      : Number.parseInt(k.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });
}

/** Maximum element nesting, by a linear scan (the parser itself has no depth limit). */
function xmlDepth(xml: string): number {
  let depth = 0;
  let max = 0;
  const tag = /<(\/?)[A-Za-z_][^>]*?(\/?)>/g;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[1]) depth--;
    else if (!m[2]) {
      depth++;
      if (depth > max) max = depth;
    }
  }
  return max;
}
