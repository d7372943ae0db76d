import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocSite, ensureDocSites } from '../../e2e/helpers/doc-sites.ts';
import { FIXTURES_DIR, readJsonLines } from '../retrieval/fixtures.ts';

/** The development sets, beside the repository (read-only fixtures). */
export const QA_DEV_DIR = path.join(FIXTURES_DIR, 'qa-dev');
const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Sets kept in the repository: the held-out check nobody tunes on (sets/README.md). */
export const REPO_SETS_DIR = path.join(HERE, 'sets');
/** Small business sites of our own with their questions, a development set (business/README.md). */
export const BUSINESS_DIR = path.join(HERE, 'business');
/** Development sets of our own on real documentation sites (dev/README.md). */
export const DEV_DIR = path.join(HERE, 'dev');
/** Every directory a set is read from, development sets first. */
export const SET_DIRS = [QA_DEV_DIR, BUSINESS_DIR, DEV_DIR, REPO_SETS_DIR];
/** The fixtures' published sites, served as they are (not built by the fetch script). */
const FIXTURE_SITES_DIR = path.join(FIXTURES_DIR, 'sites');

export interface SingleTurn {
  question: string;
  answer_substring: string;
  page_path: string;
}

export interface FollowUp extends SingleTurn {
  /** Asked first, in the same conversation; `question` only makes sense after it. */
  first: string;
}

/** The questions about one site. */
export interface QaSet {
  /** File prefix: `git` for git_qa.jsonl and git_followups.jsonl. */
  name: string;
  /** A documentation site the fetch script builds, or the directory of one kept here. */
  site: DocSite | { dir: string };
  single: SingleTurn[];
  followUps: FollowUp[];
}

/** The directory names of the sites (e2e/helpers/doc-sites.ts), by set prefix. */
const SITES: DocSite[] = ['git-2.39', 'nodejs-18', 'postgresql-15', 'flask-2.2', 'rustref-1.63'];

/** Each set prefix found in `dir` (`<prefix>_qa.jsonl`, `<prefix>_followups.jsonl`). */
function prefixesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const prefixes = readdirSync(dir)
    .map((f) => /^(.+)_(?:qa|followups)\.jsonl$/.exec(f)?.[1])
    .filter((p): p is string => !!p);
  return [...new Set(prefixes)];
}

/**
 * Every `<prefix>_qa.jsonl` / `<prefix>_followups.jsonl` in SET_DIRS whose site is kept beside
 * it (`sites/<prefix>/`), is one of the fixtures' published sites (`sites/<prefix>/` there) or
 * is one the fetch script builds (`sites/<prefix>-<version>`); a prefix `<site>.<name>` is a
 * further set about the site `<site>` (`git.more`); sets
 * added later are picked up alike.
 * A prefix may live in one directory only: two files of the same name would be two sets judged
 * under one name.
 */
export function loadSets(only?: string): QaSet[] {
  const dirOf = new Map<string, string>();
  for (const dir of SET_DIRS) {
    for (const name of prefixesIn(dir)) {
      const other = dirOf.get(name);
      if (other) throw new Error(`question set ${name} is in both ${other} and ${dir}`);
      dirOf.set(name, dir);
    }
  }
  const sets: QaSet[] = [];
  for (const name of [...dirOf.keys()].sort()) {
    if (only && name !== only) continue;
    const dir = dirOf.get(name) as string;
    // A further set about a site another set names: `git.more` asks about git's site.
    const siteName = name.split('.')[0] as string;
    const kept = [path.join(dir, 'sites', siteName), path.join(FIXTURE_SITES_DIR, siteName)].find(
      existsSync,
    );
    const site = kept ? { dir: kept } : SITES.find((s) => s.startsWith(`${siteName}-`));
    if (!site) {
      process.stderr.write(`[answer-quality] ${name}: no site of that name is built; skipped\n`);
      continue;
    }
    const read = <T>(kind: string): T[] => {
      const file = path.join(dir, `${name}_${kind}.jsonl`);
      return existsSync(file) ? readJsonLines<T>(file) : [];
    };
    sets.push({ name, site, single: read('qa'), followUps: read('followups') });
  }
  return sets;
}

/** The directory a set's site is served from, built first when needed; null when it cannot be. */
export function siteDirOf(set: QaSet): string | null {
  if (typeof set.site !== 'string') return set.site.dir;
  const docs = ensureDocSites([set.site]);
  return docs ? path.join(docs, 'sites', set.site) : null;
}
