import { describe, expect, it } from 'vitest';
import { bestWindow, renderUnits, unitScorer, unitsOf } from './passage-window.ts';

describe('the window cut from a section', () => {
  const text = [
    'To make a branch and switch to it, run:',
    '',
    '```\nacme branch --new mybranch\n```',
    '',
    'will create the branch and switch to it. Branch names may hold slashes.',
  ].join('\n');
  const units = unitsOf(text);
  const scores = units.map((u) =>
    u.text.startsWith('will') ? 5 : u.text.startsWith('Branch') ? 1 : 0,
  );
  // Room for the best sentence and two units more, not for all four.
  const [intro, code, best] = units.map((u) => u.text.length);
  const budget = (intro ?? 0) + (code ?? 0) + (best ?? 0) + 4;

  it('does not start on a sentence going on from code, nor on code its introduction left out', () => {
    expect(units).toHaveLength(4);
    const { start, end } = bestWindow(units, scores, budget);
    expect(renderUnits(units.slice(start, end))).toBe(
      'To make a branch and switch to it, run:\n\n```\nacme branch --new mybranch\n```\n\nwill create the branch and switch to it.',
    );
  });

  it('grows towards the better neighbour from a sentence of its own after code', () => {
    const own = unitsOf(text.replace('will create', 'It creates'));
    const scored = own.map((u) =>
      u.text.startsWith('It') ? 5 : u.text.startsWith('Branch') ? 1 : 0,
    );
    // Room for one neighbour more: the code before or the sentence after.
    const [, code = '', best = '', next = ''] = own.map((u) => u.text);
    const room = best.length + Math.max(code.length, next.length) + 2;
    const { start, end } = bestWindow(own, scored, room);
    expect(renderUnits(own.slice(start, end))).toBe(
      'It creates the branch and switch to it. Branch names may hold slashes.',
    );
  });

  it('takes in the unfinished sentence a code block completes', () => {
    const { units, window } = cutForTwo(
      'You can always return to the state before it with\n\n```\nacme merge --abort\n```\n\nNothing is kept.',
      '```',
      'Nothing',
    );
    expect(window).toEqual(units.slice(0, 2));
  });

  it('takes in the sentence a window would start after ("Otherwise …")', () => {
    const { units, window } = cutForTwo(
      'If the file is found, it is loaded. Otherwise the default is used. Defaults are listed below.',
      'Otherwise',
      'Defaults',
    );
    expect(window).toEqual(units.slice(0, 2));
  });
});

describe('the window around a line matching the question', () => {
  it('reaches a better-matching line a few units away, past lines matching nothing', () => {
    const units = unitsOf(
      [
        '--cached: Search the index.',
        '--no-index: Search a folder that is not a repository.',
        '--exclude: Skip ignored files. Only useful when searching a folder with --no-index.',
        '--text: Read binary files as text.',
        '--recursive: Search in subfolders.',
      ].join('\n'),
    );
    const score = (u: { text: string }) =>
      u.text.startsWith('Only')
        ? 5
        : u.text.startsWith('--no-index')
          ? 4
          : u.text.startsWith('--recursive')
            ? 1
            : 0;
    const texts = units.map((u) => u.text);
    // Room for four of the six units.
    const room = [1, 2, 3, 4].reduce((n, i) => n + (texts[i]?.length ?? 0) + 2, -2);
    const { start, end } = bestWindow(units, units.map(score), room);
    expect(texts.slice(start, end)).toContain(
      '--no-index: Search a folder that is not a repository.',
    );
    expect(texts.slice(start, end)).toContain(
      'Only useful when searching a folder with --no-index.',
    );
  });
});

/**
 * The window around the unit starting with `best` (a unit starting with `weaker` scoring less),
 * with room for the first two units only.
 */
function cutForTwo(text: string, best: string, weaker: string) {
  const units = unitsOf(text);
  const scores = units.map((u) =>
    u.text.startsWith(best) ? 5 : u.text.startsWith(weaker) ? 1 : 0,
  );
  const texts = units.map((u) => u.text);
  const room = (texts[0]?.length ?? 0) + (texts[1]?.length ?? 0) + 2;
  const { start, end } = bestWindow(units, scores, room);
  return { units: texts, window: texts.slice(start, end) };
}

describe('the units scored by the question terms they hold', () => {
  it('counts a qualified name the question gives, as the index holds it', () => {
    // The name is rarer than its words: valued apart, as BM25 values it.
    const value = (t: string) => (t === 'init.defaultbranch' ? 5 : 1);
    const score = unitScorer(['init.defaultbranch', 'init', 'branch'], value);
    const unit = (text: string) => ({ text, joiner: '' as const });
    expect(score(unit('It can be set with the init.defaultBranch configuration variable.'))).toBe(
      6,
    );
    expect(score(unit('Run init to create the first branch.'))).toBe(2);
  });
});
