import { describe, expect, it } from 'vitest';
import { definedTerms, namesDefinition } from './definitions.ts';
import { termSet } from './text.ts';

describe('definition lines', () => {
  it('give the terms they define, without value placeholders', () => {
    expect([...definedTerms('-p, --port <number>: The port to listen on.')]).toEqual(['port']);
    expect([...definedTerms('core.editor: The editor used for messages.')]).toEqual([
      ...termSet('core.editor'),
    ]);
  });

  it('are not table rows, comments or sentences that happen to hold a colon', () => {
    expect(definedTerms('Version: v7.6.0 | Changes: Added in v7').size).toBe(0);
    expect(definedTerms('// Emits: a warning').size).toBe(0);
    expect(definedTerms('Run it twice. The result: nothing changes.').size).toBe(0);
    expect(definedTerms('A plain sentence without any colon.').size).toBe(0);
  });

  it('are named by a question that wants every defined term, one topical word at least', () => {
    const wanted = new Map([
      ['port', 1],
      ['move', 0.5],
    ]);
    expect(namesDefinition(wanted, termSet('--port'))).toBe(true);
    expect(namesDefinition(wanted, termSet('--move'))).toBe(false);
    expect(namesDefinition(wanted, termSet('--port --host'))).toBe(false);
    expect(namesDefinition(wanted, new Set())).toBe(false);
  });
});
