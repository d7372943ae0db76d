import path from 'node:path';

/** What the check needs of the repository: its tracked files and their text. */
export interface Repo {
  files: Set<string>;
  read(file: string): string;
}

/** The one place outside the repository code may name: third-party fixtures, never copied in. */
const ALLOWED_OUTSIDE = /\.\.\/shared\/fixtures\b/;
/** This check and its tests spell out the patterns they look for. */
const SELF = 'scripts/checks/';
/**
 * Pages of imaginary websites the answer-quality bench crawls: their links ("Edit this page" on
 * `…/docs/faq.md`) are their sites', not this repository's.
 */
const BENCH_SITES = 'bench/answer-quality/business/sites/';
const TEXT = /\.(ts|tsx|mts|js|mjs|css|sql|sh|md|html)$/;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
const DOC_PATH = /\bdocs\/[\w./-]+\.md\b/g;
const SECTION_REF = /(spec\.md|security\.md)|§(\d+)/g;

/** Section numbers a document defines: `## 4.` in the spec, `### §4.` in the security rules. */
export function sectionsOf(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/^#{2,3} §?(\d+)\./gm)) found.add(m[1]!);
  return found;
}

function checkMarkdownLinks(repo: Repo, file: string, text: string, problems: string[]) {
  for (const m of text.matchAll(MARKDOWN_LINK)) {
    const target = m[1]!.split('#')[0]!;
    if (!target || /^[a-z]+:/i.test(target)) continue;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
    const isDir = [...repo.files].some((f) => f.startsWith(`${resolved}/`));
    if (!repo.files.has(resolved) && !isDir) problems.push(`${file}: link to missing ${target}`);
  }
}

function checkSectionRefs(file: string, line: string, lineNo: number, refs: Refs, out: string[]) {
  let doc: 'spec.md' | 'security.md' | undefined;
  for (const m of line.matchAll(SECTION_REF)) {
    if (m[1]) doc = m[1] as typeof doc;
    else if (!doc) out.push(`${file}:${lineNo}: §${m[2]} without the document it belongs to`);
    else if (!refs[doc].has(m[2]!)) out.push(`${file}:${lineNo}: ${doc} has no §${m[2]}`);
  }
}

type Refs = Record<'spec.md' | 'security.md', Set<string>>;

/**
 * Docs and comments name only files in the repository: Markdown links resolve, every
 * `docs/….md` mentioned exists, every `§N` names a section of docs/spec.md or
 * docs/security.md that exists, and nothing points outside the repository but the fixtures.
 */
export function docLinkProblems(repo: Repo): string[] {
  const problems: string[] = [];
  const refs: Refs = {
    'spec.md': sectionsOf(repo.files.has('docs/spec.md') ? repo.read('docs/spec.md') : ''),
    'security.md': sectionsOf(
      repo.files.has('docs/security.md') ? repo.read('docs/security.md') : '',
    ),
  };
  const checked = [...repo.files].filter(
    (f) => TEXT.test(f) && !f.startsWith(SELF) && !f.startsWith(BENCH_SITES),
  );
  for (const file of checked.sort()) {
    const text = repo.read(file);
    if (file.endsWith('.md')) checkMarkdownLinks(repo, file, text, problems);
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(DOC_PATH)) {
        const isLink = line.includes(`](${m[0]}`); // reported by the link check
        if (!isLink && !repo.files.has(m[0]))
          problems.push(`${file}:${i + 1}: names missing ${m[0]}`);
      }
      if (line.includes('../shared/') && !ALLOWED_OUTSIDE.test(line)) {
        problems.push(`${file}:${i + 1}: points outside the repository (../shared/)`);
      }
      if (line.includes('§') && !line.startsWith('#'))
        checkSectionRefs(file, line, i + 1, refs, problems);
    });
  }
  return problems;
}
