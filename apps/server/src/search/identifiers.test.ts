import { describe, expect, it } from 'vitest';
import { analyze } from './analyzer.ts';
import { codeTerms, identifierParts, qualifiedNames, thingNames } from './identifiers.ts';

describe('identifierParts', () => {
  it('gives the words of camel-case identifiers as index terms', () => {
    expect(identifierParts('Set server.requestTimeout to 0.')).toEqual(analyze('request timeout'));
    expect(identifierParts('maxHeaderSize')).toEqual(analyze('max header size'));
    // An acronym followed by a word ends before the word's capital.
    expect(identifierParts('fileURLToPath(url)')).toEqual(analyze('file URL to path'));
    expect(identifierParts('new XMLHttpRequest()')).toEqual(analyze('XML Http Request'));
  });

  it('leaves plain words, acronyms, their plurals and versions, and one-letter parts', () => {
    expect(identifierParts('The URLs of IPv6 hosts, in Lowercase or UPPERCASE')).toEqual([]);
    expect(identifierParts('iOS')).toEqual(analyze('OS'));
  });
});

describe('qualifiedNames', () => {
  it('gives each qualified name as one lower-cased term', () => {
    expect(qualifiedNames('Where does console.error print? See fs.promises.readFile().')).toEqual([
      'console.error',
      'fs.promises.readfile',
    ]);
    expect(qualifiedNames("import it from 'node:fs' or read index.js")).toEqual([
      'node:fs',
      'index.js',
    ]);
  });

  it('takes no abbreviation, number or sentence end for one', () => {
    expect(qualifiedNames('Use e.g. version 1.0.2, i.e. the latest. Then stop.')).toEqual([]);
  });
});

describe('thingNames', () => {
  it('gives qualified names and hyphenated compounds, each as one lower-cased term', () => {
    expect(thingNames('Can I skip my Pre-Commit hook, or set core.hooksPath?')).toEqual([
      'core.hookspath',
      'pre-commit',
    ]);
    expect(thingNames('What time is check-in at the sea-view rooms?')).toEqual([
      'check-in',
      'sea-view',
    ]);
  });

  it('takes no option, dash or number range for one', () => {
    expect(thingNames('Pass --no-verify - or -n - for pages 3-5.')).toEqual([]);
  });
});

describe('codeTerms', () => {
  it('gives the terms of words written as code: quoted, called, options, qualified names', () => {
    const of = (text: string) => [...codeTerms(text)].sort();
    expect(of('Will a timer started in the run() callback still see the store?')).toEqual(['run']);
    expect(of('Is `git push` with --force-with-lease safe?')).toEqual(
      [...new Set(analyze('git push force with lease'))].sort(),
    );
    expect(of('Where does console.error print?')).toEqual(analyze('console error').sort());
  });

  it('leaves words written as prose, hyphenated words included', () => {
    expect(codeTerms('How do I start over when the e-mail went wrong?').size).toBe(0);
  });
});
