import robotsParserModule from 'robots-parser';
import { readBody, type SafeFetchOptions, safeRequest } from '../../lib/safe-fetch.ts';

interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}
// The package is CommonJS with a loose declaration; at run time the default export is the parser.
const robotsParser = robotsParserModule as unknown as (url: string, body: string) => Robot;

export const ROBOTS_AGENT = 'DocentBot';

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Seconds between requests the site asks for, if any. */
  crawlDelay?: number;
  sitemaps: string[];
}

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, sitemaps: [] };

/**
 * Fetches and parses /robots.txt of an origin. Missing (4xx) or unreachable → everything
 * allowed; a server error (5xx) → nothing allowed, as the major crawlers do.
 */
export async function loadRobots(
  origin: string,
  fetchOpts: SafeFetchOptions,
): Promise<RobotsRules> {
  const url = new URL('/robots.txt', origin).href;
  let status: number;
  let body = '';
  try {
    const res = await safeRequest(
      url,
      {},
      { ...fetchOpts, maxBytes: 512 * 1024, timeoutMs: 10_000 },
    );
    status = res.status;
    if (status >= 200 && status < 300) body = (await readBody(res)).toString('utf8');
    else res.dispose();
  } catch {
    return ALLOW_ALL;
  }
  if (status >= 500) return { isAllowed: () => false, sitemaps: [] };
  if (status >= 400 || !body) return ALLOW_ALL;
  const robots = robotsParser(url, body);
  const delay = robots.getCrawlDelay(ROBOTS_AGENT);
  return {
    isAllowed: (u) => robots.isAllowed(u, ROBOTS_AGENT) !== false,
    crawlDelay: typeof delay === 'number' && delay > 0 ? delay : undefined,
    sitemaps: robots.getSitemaps(),
  };
}
