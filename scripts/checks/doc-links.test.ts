import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docLinkProblems } from './doc-links.ts';

const repoOf = (files: Record<string, string>) => ({
  files: new Set(Object.keys(files)),
  read: (f: string) => files[f] ?? '',
});

const SPEC = '# Spec\n## 1. What\n## 4. States\n';
const SECURITY = '# Rules\n### §1. Tokens\n### §5. Sessions\n';

describe('doc links check', () => {
  it('accepts links, paths and sections that exist, and the fixtures outside the repo', () => {
    const repo = repoOf({
      'docs/spec.md': SPEC,
      'docs/security.md': SECURITY,
      'docs/a.md': 'See [spec](spec.md) §4 and [the server](../apps/server), [web](https://x.y).',
      'apps/server/src/x.ts': [
        '// docs/spec.md §1, §4; refresh is POST (docs/security.md §5).',
        "const FIXTURES = '../shared/fixtures/sites';",
      ].join('\n'),
      'apps/server/src/y.ts': '',
      // A bench site's own links name its imaginary repository's files.
      'bench/answer-quality/business/sites/docs/faq.html':
        '<a href="https://github.com/x/y/edit/main/docs/faq.md">Edit this page</a>',
    });
    expect(docLinkProblems(repo)).toEqual([]);
  });

  it('reports broken links, missing docs, unknown sections and paths outside the repo', () => {
    const repo = repoOf({
      'docs/spec.md': SPEC,
      'docs/security.md': SECURITY,
      'README.md': 'Read [ops](docs/operations.md).',
      'apps/web/src/a.tsx': [
        '// spec §4 says so',
        '// docs/spec.md §9 and docs/security.md §2',
        '// see docs/gone.md',
        '// rules: ../shared/SECURITY.md',
      ].join('\n'),
    });
    expect(docLinkProblems(repo)).toEqual([
      'README.md: link to missing docs/operations.md',
      'apps/web/src/a.tsx:1: §4 without the document it belongs to',
      'apps/web/src/a.tsx:2: spec.md has no §9',
      'apps/web/src/a.tsx:2: security.md has no §2',
      'apps/web/src/a.tsx:3: names missing docs/gone.md',
      'apps/web/src/a.tsx:4: points outside the repository (../shared/)',
    ]);
  });

  it('finds nothing wrong in this repository', () => {
    const root = new URL('../../', import.meta.url).pathname;
    const listed = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' });
    const files = new Set(listed.split('\n').filter(Boolean));
    const problems = docLinkProblems({ files, read: (f) => readFileSync(root + f, 'utf8') });
    expect(problems).toEqual([]);
  });
});
