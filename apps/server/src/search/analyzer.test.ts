import { describe, expect, it } from 'vitest';
import {
  analyze,
  closedCompounds,
  distinctTermFinder,
  findTerms,
  isStopWord,
  normalizeText,
  stem,
  termFinder,
  tokenize,
} from './analyzer.ts';
import { questionMatch } from './question-match.ts';

describe('analyzer', () => {
  it('folds accents, case and compatibility forms', () => {
    expect(normalizeText('Café NAÏVE ﬁnance Ångström')).toBe('cafe naive finance angstrom');
    expect(analyze('Café')).toEqual(analyze('cafe'));
  });

  it('stems with Porter so inflections meet', () => {
    expect(stem('running')).toBe('run');
    expect(stem('studies')).toBe(stem('study'));
    expect(analyze('connected connections connecting')).toEqual(['connect', 'connect', 'connect']);
  });

  it('stems a verb in -ify as its noun in -ification, which Porter sets apart', () => {
    expect(analyze('qualified verify notifies')).toEqual(
      analyze('qualification verification notification'),
    );
    expect(analyze('wifi')).toEqual(['wifi']);
  });

  it('stems the -ment nouns Porter keeps whole as their verb, not nouns naming something else', () => {
    expect(analyze('payments shipment')).toEqual(analyze('pay ship'));
    expect(analyze('statement comment')).not.toEqual(analyze('state come'));
  });

  it('stems irregular verb forms as their verb, and finds them in texts', () => {
    expect(analyze('files are overwritten and kept')).toEqual(analyze('file overwrite keep'));
    expect(analyze('found thrown went')).toEqual(analyze('find throw go'));
    // Forms that are mostly other words in documentation stay themselves.
    expect(analyze('built-in left')).toEqual(['built', 'left']);
    const { hits } = findTerms(
      'The file was found where it was written.',
      new Set(analyze('find write')),
    );
    expect(hits.map((h) => h.term)).toEqual(['find', 'write']);
  });

  it('drops stop words, including question words', () => {
    expect(analyze('What is the refund policy of the shop?')).toEqual(['refund', 'polici', 'shop']);
    expect(analyze('the and of to')).toEqual([]);
  });

  it('strips possessives and inner apostrophes, with typographic quotes too', () => {
    expect(tokenize("the company's policy")).toEqual(['the', 'company', 'policy']);
    expect(tokenize('the company’s policy')).toEqual(['the', 'company', 'policy']);
    expect(tokenize("don't O'Neil")).toEqual(['dont', 'oneil']);
  });

  it("reads a pronoun's contraction as the pronoun, not as a word of its own", () => {
    expect(tokenize("I'd like it, we'd go, I'll see, you've got, they’re here, I'm in")).toEqual([
      'i',
      'like',
      'it',
      'we',
      'go',
      'i',
      'see',
      'you',
      'got',
      'they',
      'here',
      'i',
      'in',
    ]);
    // "I'd" is no element id, "We'd" no Wednesday, "I'll" not ill.
    expect(analyze("I'd like to see my user ID")).toEqual(['like', 'see', 'user', 'id']);
    expect(analyze("We'd come on Wed")).toEqual(['come', 'wed']);
    expect(analyze("I'll go if I'm ill")).toEqual(['go', 'ill']);
  });

  it('keeps numbers whole and splits hyphenated words', () => {
    expect(tokenize('version 3.5 costs 1,000 dollars')).toEqual([
      'version',
      '3.5',
      'costs',
      '1000',
      'dollars',
    ]);
    expect(tokenize('COVID-19 self-isolation')).toEqual(['covid', '19', 'self', 'isolation']);
    expect(tokenize('10mg dose')).toEqual(['10mg', 'dose']);
  });

  it('reads a version written with a "v" as its number, and finds it written either way', () => {
    expect(analyze('after upgrading to v1.6')).toEqual(analyze('after upgrading to 1.6'));
    expect(tokenize('Added in: v18.2.0rc1')).toEqual(['added', 'in', '18.2.0rc1']);
    // Not a version: no dot, or a letter before the "v".
    expect(tokenize('API v1, dev1.2')).toEqual(['api', 'v1', 'dev1', '2']);
    const wanted = new Set(analyze('1.6 15.3 1000 notes'));
    const found = findTerms('Notes for v1.6: from 15.3, up to 1,000 rows.', wanted).hits;
    expect(found.map((h) => h.term)).toEqual(['note', '1.6', '15.3', '1000']);
  });

  it('gives the words a text joins by hyphens closed, letters only', () => {
    expect(closedCompounds('Free Wi-Fi, an E-mail and state-of-the-art check-ins')).toEqual([
      'wifi',
      'email',
      'stateoftheart',
      'checkin',
    ]);
    // Numbers, options and words beside a dash are no compounds.
    expect(closedCompounds("COVID-19, --no-ff, utf-8, a - b, don't-care")).toEqual([]);
  });

  it('tokenizes non-Latin scripts without losing them', () => {
    expect(tokenize('Москва и Київ')).toEqual(['москва', 'и', 'киів']);
  });
});

describe('questionMatch', () => {
  it('is 1 for the same content words in another phrasing', () => {
    expect(questionMatch('how can I get a refund?', 'How do I get refunds')).toBe(1);
  });

  it('is high for near matches and low for unrelated questions', () => {
    expect(
      questionMatch('how long does shipping take to Canada', 'How long does shipping take?'),
    ).toBeGreaterThan(0.6);
    expect(questionMatch('how do I reset my password', 'How long does shipping take?')).toBe(0);
    expect(questionMatch('anything', null)).toBe(0);
  });
});

/**
 * termFinder as it was before texts' words were remembered: one scan per text for words; and a
 * number as analyze() reads the number written there ("1,000" is 1000, "v1.6" is 1.6).
 */
function scanningReference(wanted: ReadonlySet<string>) {
  const isNumber = (t: string) => /^\p{N}/u.test(t);
  // No word is empty: an empty term is found nowhere.
  const words = [...wanted].filter((t) => t !== '' && !isNumber(t));
  const prefixes = [...new Set(words.map((t) => t.slice(0, 2)))];
  const word =
    prefixes.length === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(?:${prefixes.join('|')})[\\p{L}\\p{N}]*(?:'[\\p{L}\\p{N}]+)*`,
          'gu',
        );
  const written = /(?<![\p{L}\p{N}])v?\p{N}[\p{L}\p{N}.,]*(?<![.,])/gu;
  return (text: string) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
    const folded = /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : normalizeText(text);
    const hits: { term: string; start: number; end: number }[] = [];
    for (const m of word ? folded.matchAll(word) : []) {
      let token = m[0];
      if (token.endsWith("'s")) token = token.slice(0, -2);
      token = token.replaceAll("'", '');
      if (isStopWord(token)) continue;
      const term = stem(token);
      if (wanted.has(term)) hits.push({ term, start: m.index, end: m.index + m[0].length });
    }
    for (const m of folded.matchAll(written)) {
      const [term, ...rest] = analyze(m[0]);
      if (term && rest.length === 0 && isNumber(term) && wanted.has(term))
        hits.push({ term, start: m.index, end: m.index + m[0].length });
    }
    return { folded, hits: hits.sort((a, b) => a.start - b.start) };
  };
}

describe('termFinder', () => {
  const texts = [
    "Don't rebase O'Neil's branch; rock'n'roll isn't a commit's message.",
    'Version 3.5 costs 1,000 dollars: run git-commit --amend (see ¶3.5.1) now.',
    'Café NAÏVE ﬁnance Ångström — the “quoted” word’s apostrophe, l’été.',
    'Москва и Київ: 𝒳yz and y𝒳z, x-ray X X1 x1.5 ab a b.',
    "the the 'quoted' 's 'tis o'clock neil'n 'neil",
    '',
    '   ...   ',
    'Configuring user.name and user.email with git config --global; configs configured.',
  ];
  const wantedSets = [
    ...texts.map((t) => new Set(analyze(t))),
    new Set(['neil', 'roll', 'n', 'x', 'x1', 'tis', 'clock', 'messag', 'commit']),
    new Set(['3.5', '1000', 'version', '1.5']),
    new Set(['𝒳yz', 'y𝒳z', 'кии', 'москва', 'ete', 'l']),
    new Set(['a', 'b', 'ab', 'y']),
    new Set<string>(),
    new Set(['']),
  ];

  it('finds exactly what a scan of the whole text finds, for texts read again too', () => {
    for (const wanted of wantedSets) {
      const find = termFinder(wanted);
      const reference = scanningReference(wanted);
      for (const text of [...texts, ...texts]) expect(find(text)).toEqual(reference(text));
    }
  });

  it('gives the distinct terms found, in the order they first occur', () => {
    for (const wanted of wantedSets) {
      const distinct = distinctTermFinder(wanted);
      const reference = scanningReference(wanted);
      for (const text of texts) {
        expect(distinct(text)).toEqual([...new Set(reference(text).hits.map((h) => h.term))]);
      }
    }
  });
});
