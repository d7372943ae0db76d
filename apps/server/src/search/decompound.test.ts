import { describe, expect, it } from 'vitest';
import { analyze, tokenize } from './analyzer.ts';
import { compoundParts } from './decompound.ts';

const partsIn = (text: string, page: string) =>
  compoundParts(tokenize(text), new Set(tokenize(page)));

describe('compoundParts', () => {
  it('splits a closed compound whose halves the document writes on their own', () => {
    const page = 'Each thread takes work from a pool. The threadpool has four threads.';
    expect(partsIn('The threadpool has four threads.', page)).toEqual(analyze('thread pool'));
    expect(partsIn('Set a filename.', 'the file name; a filename')).toEqual(analyze('file name'));
  });

  it('splits nothing the document gives no ground for, nor into short or stop-word halves', () => {
    expect(partsIn('The threadpool is busy.', 'The threadpool is busy.')).toEqual([]);
    expect(partsIn('output', 'out put output')).toEqual([]);
    expect(partsIn('together however', 'to get her how ever together however')).toEqual([]);
  });
});
