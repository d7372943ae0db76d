import { alternativeWords } from './alternative-words.ts';
import { analyze } from './analyzer.ts';
import { everydayRate } from './everyday-words.ts';
import { codeTerms, qualifiedNames } from './identifiers.ts';

/**
 * A question analysed once for every stage of retrieval (BM25F, phrase proximity, Q&A
 * matching): its index terms in order, their query weights, and its content terms.
 */
export interface AnalyzedQuery {
  /** The question's own index terms, in order, repeats kept (for phrase proximity). */
  terms: string[];
  /**
   * Query weight of each term for BM25F: a question term counts as often as it occurs (as in
   * Lucene); a term carried from earlier turns of the conversation counts less.
   */
  weights: Map<string, number>;
  /** The question's distinct content terms, request words removed (for Q&A matching). */
  content: Set<string>;
  /**
   * The question's own terms that everyday speech says often, with how often (per million
   * words): BM25 weighs each one less unless the bot's chunks use it as much (everydayFactor).
   * Words the question writes as code (`run()`, `--force`) are not among them.
   */
  everyday: Map<string, number>;
  /**
   * Words that may stand for the question's own in the bot's pages (alternative-words.ts):
   * alternative → the question's term. BM25 searches one only where the pages prefer it.
   */
  alternatives: Map<string, string>;
}

/**
 * The documents a follow-up's conversation was answered from (through chunks the previous
 * answer cited): their chunks' scores are raised by `boost` (1.5 = half again).
 */
export interface NearChunks {
  chunkIds: number[];
  boost: number;
}

/** Terms carried into a follow-up from what it refers to, and how much each one weighs. */
export interface CarriedTerms {
  terms: string[];
  weight: number;
}

/**
 * Beyond the stop words (which already drop question words and auxiliaries), words that only
 * shape a request ("please tell me about …"); two phrasings of one question differ mostly here.
 */
const REQUEST_WORDS = new Set(
  'may might must shall any some about please tell know get want need like'
    .split(' ')
    .map((w) => analyze(w)[0] ?? w),
);

/** Distinct content terms of a text (request words removed). */
export function contentTerms(text: string): Set<string> {
  return new Set(analyze(text).filter((t) => !REQUEST_WORDS.has(t)));
}

export function analyzeQuery(question: string, carried?: CarriedTerms): AnalyzedQuery {
  const terms = analyze(question);
  const weights = new Map<string, number>();
  for (const t of terms) weights.set(t, (weights.get(t) ?? 0) + 1);
  const code = codeTerms(question);
  const everyday = new Map<string, number>();
  for (const t of weights.keys()) {
    const perMillion = everydayRate(t);
    if (perMillion > 0 && !code.has(t)) everyday.set(t, perMillion);
  }
  // A qualified name the question gives (`console.error`) is one more term, as in the index.
  for (const t of qualifiedNames(question)) weights.set(t, (weights.get(t) ?? 0) + 1);
  if (carried && carried.weight > 0) {
    for (const t of carried.terms) if (!weights.has(t)) weights.set(t, carried.weight);
  }
  return {
    terms,
    weights,
    content: new Set(terms.filter((t) => !REQUEST_WORDS.has(t))),
    everyday,
    alternatives: alternativeWords(weights.keys()),
  };
}
