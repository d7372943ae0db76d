import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DocSite } from '../../e2e/helpers/doc-sites.ts';
import { FIXTURES_DIR, readJsonLines } from '../retrieval/fixtures.ts';

export const QA_DEV_DIR = path.join(FIXTURES_DIR, 'qa-dev');

export interface SingleTurn {
  question: string;
  answer_substring: string;
  page_path: string;
}

export interface FollowUp extends SingleTurn {
  /** Asked first, in the same conversation; `question` only makes sense after it. */
  first: string;
}

/** The questions about one documentation site. */
export interface QaSet {
  /** File prefix: `git` for git_qa.jsonl and git_followups.jsonl. */
  name: string;
  site: DocSite;
  single: SingleTurn[];
  followUps: FollowUp[];
}

/** The directory names fetch_debian_docs.sh gives the sites, by set prefix. */
const SITES: DocSite[] = ['git-2.39', 'nodejs-18', 'postgresql-15'];

/**
 * Every `<prefix>_qa.jsonl` / `<prefix>_followups.jsonl` in qa-dev whose site
 * (`sites/<prefix>-<version>`) the fetch script builds; sets added later are picked up alike.
 */
export function loadSets(only?: string): QaSet[] {
  if (!existsSync(QA_DEV_DIR)) return [];
  const prefixes = new Set(
    readdirSync(QA_DEV_DIR)
      .map((f) => /^(.+)_(?:qa|followups)\.jsonl$/.exec(f)?.[1])
      .filter((p): p is string => !!p),
  );
  const sets: QaSet[] = [];
  for (const name of [...prefixes].sort()) {
    if (only && name !== only) continue;
    const site = SITES.find((s) => s.startsWith(`${name}-`));
    if (!site) {
      process.stderr.write(`[answer-quality] ${name}: no site of that name is built; skipped\n`);
      continue;
    }
    const read = <T>(kind: string): T[] => {
      const file = path.join(QA_DEV_DIR, `${name}_${kind}.jsonl`);
      return existsSync(file) ? readJsonLines<T>(file) : [];
    };
    sets.push({ name, site, single: read('qa'), followUps: read('followups') });
  }
  return sets;
}
