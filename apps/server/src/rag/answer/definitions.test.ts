import { describe, expect, it } from 'vitest';
import { stem } from '../../search/analyzer.ts';
import { definedTerms, namesDefinition, rowKey } from './definitions.ts';
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

  it('written as code, are not named by a question holding only the words left of the name', () => {
    // "before" and "no" are stop words: without them, `hooks.before` would define "hook" alone
    // and answer any question about hooks ahead of `hooks.timeout`.
    const wanted = new Map([
      ['hook', 1],
      ['timeout', 1],
    ]);
    expect(namesDefinition(wanted, definedTerms('hooks.before: Runs before the backup.'))).toBe(
      false,
    );
    expect(namesDefinition(wanted, definedTerms('hooks.timeout: Maximum run time.'))).toBe(true);
    expect(
      namesDefinition(new Map([[stem('verify'), 1]]), definedTerms('--no-verify: Skips hooks.')),
    ).toBe(false);
    expect(
      namesDefinition(new Map([[stem('verify'), 1]]), definedTerms('--verify: Checks it.')),
    ).toBe(true);
    // Stop words of a term written in words glue it, as ever: "Check in" defines check.
    expect([...definedTerms('Check in: from 15:00')]).toEqual(['check']);
    expect(definedTerms('--all: Use any ref.').size).toBe(0);
  });

  it("key a table's row by its first cell, a name written as code keeping its stop words", () => {
    expect([...rowKey('Code: 2005 | Meaning: The handset is off.')]).toEqual(['2005']);
    expect([...rowKey('Balcony | Harbour Double: No | Family Suite: Yes')]).toEqual(['balconi']);
    expect(
      namesDefinition(new Map([['schedul', 1]]), rowKey('Parameter: scheduled_at | Type: string')),
    ).toBe(false);
    expect(rowKey('A first cell that is a whole sentence of running text | Yes').size).toBe(0);
  });
});
