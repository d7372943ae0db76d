import type { Logger } from '../../lib/logger.ts';
import { analyze, tokenize } from '../../search/analyzer.ts';
import { type CarriedTerms, contentTerms, type NearChunks } from '../../search/query.ts';
import { isSmallTalk } from './relevance.ts';
import { termWeight } from './text.ts';
import type { AnswerEngine, PastTurn } from './types.ts';

/**
 * What a question is searched with inside a conversation: the question as asked (or as a model
 * rewrote it to stand on its own), and the topic terms of the previous turn that it may refer
 * to, at a lower weight than its own words.
 */
export interface SearchRequest {
  question: string;
  carried?: CarriedTerms;
  /** The pages the previous answer came from, preferred by the search. */
  near?: NearChunks;
}

/**
 * Pronouns and determiners that point back to something said before ("does it…", "those
 * files", "the same"): a question using one leans on the previous turn. General English
 * anaphora; "there" is left out, being mostly existential, and "that" is read apart.
 */
const POINTING_WORDS = new Set(
  'it its itself this these those they them their theirs same such former latter'.split(' '),
);
/**
 * Words after which "that" opens a clause rather than pointing back: a subject, a determiner or
 * an auxiliary ("a drive that isn't always plugged in", "anything that I need", "make sure that
 * the file exists").
 */
const CLAUSE_OPENERS = new Set(
  `i you we they he she it there the a an this these those my your our their his her its
  is are was were isnt arent wasnt werent has have had hasnt havent can cant cannot will wont
  would wouldnt should shouldnt could couldnt may might must does do did doesnt dont didnt`.split(
    /\s+/,
  ),
);
/**
 * A finite verb after "that" ("an option that makes…", "the file that changed"): a singular
 * noun does not end in -s but for -ss, -us, -is ("that process", "that status").
 */
const FINITE_VERB = /(?:[^siu]s|ed)$/;
/** Words after which "that" is a pronoun of its own ("while that runs", "for that"). */
const BEFORE_PRONOUN = new Set('while for after before than like with about into from'.split(' '));

/**
 * "that" points back ("drop that entry", "Can I change that?", "while that runs") unless it
 * opens a clause (CLAUSE_OPENERS, FINITE_VERB). Read so, the development sets' follow-ups
 * gained eight figures (pages and phrases; PostgreSQL's "… while that runs?" after a CLUSTER
 * question found its page again) and lost one (MkDocs extractive: "Does that command have an
 * option …" drawn to the previous answer's page); the held-out PostgreSQL set lost one.
 */
const demonstrative = (before: string | undefined, next: string | undefined) =>
  next === undefined ||
  BEFORE_PRONOUN.has(before ?? '') ||
  (!CLAUSE_OPENERS.has(next) && !FINITE_VERB.test(next));

/** True when the question uses a word pointing back to something said before. */
export function pointsBack(question: string): boolean {
  return question.split(/[.?!;:,]+/).some((part) => {
    const words = tokenize(part);
    return words.some(
      (w, i) =>
        POINTING_WORDS.has(w) || (w === 'that' && demonstrative(words[i - 1], words[i + 1])),
    );
  });
}

/** A question with this few content words says little on its own. */
const FEW_TERMS = 2;
/** Weight of a carried term when the question points back or says little; otherwise. */
const LEANING_WEIGHT = 0.5;
const STANDALONE_WEIGHT = 0.2;
/**
 * Score factor for chunks of the pages the previous answer came from: a follow-up mostly asks
 * about the same page ("how long does it remember it?"). Mild for a question that stands on
 * its own, so a better match elsewhere still wins.
 */
const NEAR_LEANING = 2;
const NEAR_STANDALONE = 1.3;

/**
 * True when none of the question's words is topical ("How long do I have?", "How much is it?"):
 * it asks how much, how long or whether about the topic just discussed, without naming it.
 */
function namesNoTopic(question: string): boolean {
  return !analyze(question).some((t) => termWeight(t) === 1);
}

/** True when the question asks about the previous turn's topic: it points back, or names none. */
export function asksAboutPrevious(question: string): boolean {
  return pointsBack(question) || namesNoTopic(question);
}

/** True when the question refers back to the conversation or is too bare to stand alone. */
export function leansOnContext(question: string): boolean {
  return asksAboutPrevious(question) || new Set(analyze(question)).size <= FEW_TERMS;
}

/** The pages the previous answer came from, as a search preference of this strength. */
function previousPages(last: PastTurn, boost: number): Pick<SearchRequest, 'near'> {
  const chunkIds = last.sourceChunks ?? [];
  return chunkIds.length > 0 ? { near: { chunkIds, boost } } : {};
}

/**
 * Without a model to rewrite the question: the previous question's topic terms (minus the
 * question's own, and half-weight common words) join the search at a lower weight, higher when
 * the question leans on the previous turn, and shared out so that all of them together weigh
 * less than the question's own words. A question that stands on its own keeps its own words far
 * ahead, so it is not dragged back to the earlier topic.
 */
export function carryTopic(question: string, history: PastTurn[]): SearchRequest {
  const last = history.at(-1);
  if (!last) return { question };
  const leans = leansOnContext(question);
  const near: SearchRequest = {
    question,
    ...previousPages(last, leans ? NEAR_LEANING : NEAR_STANDALONE),
  };
  const carried = carriedTerms(
    question,
    last.question,
    leans ? LEANING_WEIGHT : STANDALONE_WEIGHT,
    namesNoTopic(question),
  );
  return carried ? { ...near, carried } : near;
}

/**
 * The topical terms of `text` that the question does not have, each at `weight` or less:
 * together they never outweigh the question's own words ("What is an NMU?" after a long
 * question must still be about NMUs, with the earlier topic only breaking ties). A question
 * naming no topic of its own (`whole`) has none to outweigh: each term keeps `weight`, so the
 * earlier topic is what the passages must be about ("How much is it?" after e-bike diagnostics).
 */
function carriedTerms(
  question: string,
  text: string,
  weight: number,
  whole = false,
): CarriedTerms | undefined {
  const own = new Set(analyze(question));
  // Words that only shape a request ("tell me about …") are no topic to carry.
  const terms = [...contentTerms(text)].filter((t) => !own.has(t) && termWeight(t) === 1);
  if (terms.length === 0) return undefined;
  const share = whole ? 1 : Math.min(1, Math.max(own.size, 1) / terms.length);
  return { terms, weight: weight * share };
}

/** How long a model may take to rewrite a follow-up before the search goes on without it. */
export const REWRITE_TIMEOUT_MS = 2500;
/**
 * How long a model may take to give a question's search words: the question can be searched
 * without them, so they are waited for less than a follow-up's rewrite.
 */
export const SEARCH_TERMS_TIMEOUT_MS = 1500;
/**
 * Weight of the model's search words, at most (carriedTerms shares it out): they find a page
 * worded differently from the question, the question's own words still rank it.
 */
const SEARCH_TERMS_WEIGHT = 0.5;

interface ModelWait {
  log?: Logger;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A model call given `timeoutMs` (or `fallbackMs`) and the caller's signal; null on failure. */
async function withinTime(
  call: (signal: AbortSignal) => Promise<string | null>,
  opts: ModelWait,
  fallbackMs: number,
  failure: string,
): Promise<string | null> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? fallbackMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  try {
    return await call(signal);
  } catch (err) {
    // Called off by the caller (the visitor left, or the answer needs no search): no failure.
    if (!opts.signal?.aborted) opts.log?.warn({ err }, failure);
    return null;
  }
}

/** The search with the model's words for its question beside the question's own, if any. */
function withWords(search: SearchRequest, line: string | null): SearchRequest {
  const carried = line ? carriedTerms(search.question, line, SEARCH_TERMS_WEIGHT) : undefined;
  return carried ? { ...search, carried } : search;
}

/**
 * What to search with for this turn. A question opening the conversation: itself. With
 * history: the model's standalone rewrite (near the pages the previous answer came from) when
 * the engine has a model and it answers in time, otherwise the question with the previous
 * turn's topic carried (carryTopic). Either way, when the engine asks its model for search
 * words (asked beside the rewrite, not after it) and they come in time, with those words.
 */
export async function searchRequestFor(
  engine: Pick<AnswerEngine, 'standalone' | 'searchTerms'>,
  question: string,
  history: PastTurn[],
  opts: ModelWait = {},
): Promise<SearchRequest> {
  const searchTerms = engine.searchTerms?.bind(engine);
  // Small talk ("hi!", "thanks") has nothing to search for.
  const words =
    searchTerms && !isSmallTalk(question, history)
      ? withinTime(
          (signal) => searchTerms(question, history, signal),
          opts,
          SEARCH_TERMS_TIMEOUT_MS,
          'asking the model for search words failed; searching without them',
        )
      : Promise.resolve(null);
  const last = history.at(-1);
  if (!last) return withWords({ question }, await words);
  if (engine.standalone) {
    const standalone = engine.standalone.bind(engine);
    const [rewritten, line] = await Promise.all([
      withinTime(
        (signal) => standalone(question, history, signal),
        opts,
        REWRITE_TIMEOUT_MS,
        'rewriting a follow-up failed; searching with the previous topic',
      ),
      words,
    ]);
    // The rewrite stands on its own; the pages the conversation was answered from stay a
    // mild preference, as for a question that stands on its own without a model: a rewrite
    // that names the topic loosely ("the default timeout") still finds it where it was.
    if (rewritten) {
      return withWords({ question: rewritten, ...previousPages(last, NEAR_STANDALONE) }, line);
    }
  }
  // Without the rewrite, the previous question's words carry the topic; the model's words,
  // asked for the same question, would only carry it twice.
  return carryTopic(question, history);
}
