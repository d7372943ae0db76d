import { describe, expect, it } from 'vitest';
import { definedTerms, namesDefinition } from './definitions.ts';
import { termSet } from './text.ts';

describe('definition lines', () => {
  it('give the terms they define, without value placeholders', () => {
    expect([...definedTerms('-t, --timeout <seconds>: How long to wait.')]).toEqual(['timeout']);
    expect([...definedTerms('sync.interval: Minutes between two syncs.')]).toEqual([
      ...termSet('sync.interval'),
    ]);
  });

  it('are not table rows, comments or sentences that happen to hold a colon', () => {
    expect(definedTerms('Version: v7.6.0 | Changes: Added in v7').size).toBe(0);
    expect(definedTerms('// Emits: a warning').size).toBe(0);
    expect(definedTerms('Run it twice. The result: nothing changes.').size).toBe(0);
    expect(definedTerms('A plain sentence without any colon.').size).toBe(0);
  });

  it('include the items of a parameter list: a name, then its type', () => {
    expect([...definedTerms('- retries <number> How often a failed upload is tried.')]).toEqual([
      'retri',
    ]);
    expect([...definedTerms('timeout {number} Seconds before an upload is given up.')]).toEqual([
      'timeout',
    ]);
    expect(definedTerms('- Uploads wait for the next sync.').size).toBe(0);
  });

  it('are not value labels: a Default, a return value, a note define no word', () => {
    expect(definedTerms('Default: 30').size).toBe(0);
    expect(definedTerms("- Default: '/bin/sh' on Unix.").size).toBe(0);
    expect(definedTerms('Returns: <boolean> true when the upload was sent.').size).toBe(0);
    expect(definedTerms('Note: uploads pause on battery.').size).toBe(0);
  });

  it('are named by a question that wants every defined term, one topical word at least', () => {
    const wanted = new Map([
      ['timeout', 1],
      ['move', 0.5],
    ]);
    expect(namesDefinition(wanted, termSet('--timeout'))).toBe(true);
    expect(namesDefinition(wanted, termSet('--move'))).toBe(false);
    expect(namesDefinition(wanted, termSet('--timeout --retries'))).toBe(false);
    expect(namesDefinition(wanted, new Set())).toBe(false);
  });
});
