import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { analyze } from '../search/analyzer.ts';
import type { IndexView } from '../search/bot-index-cache.ts';
import type { NeighbourRow } from '../search/search.repo.ts';
import { otherSections } from './page-sections.ts';
import {
  bestWindow,
  clipUnit,
  freshWindow,
  rememberedUnitsOf,
  renderUnits,
  type TermValue,
  type Unit,
  unitScorer,
} from './passage-window.ts';
import {
  DEFAULT_RETRIEVE_LIMIT,
  type RetrieveArgs,
  type RetrievedChunk,
  retrieveRanked,
} from './retrieve.ts';

/**
 * Small-to-big: retrieval finds chunks; what is handed on (to the model, to the extractive
 * answer) is, for each, the best window of its section around the sentences that match the
 * question best, drawn from the chunk and its neighbours under the same heading, within a
 * character budget. A window starts in the retrieved chunk itself. A long list also reads the
 * best page's other sections when the question is about that page (PAGE_PASSAGES).
 */
export interface PassageArgs extends RetrieveArgs {
  /** Characters of one passage (a unit longer than this is cut to it). */
  windowChars?: number;
}

export const DEFAULT_WINDOW_CHARS = 1500;
/** Chunks read per passage wanted: some windows turn out to repeat others. */
const CANDIDATES_PER_PASSAGE = 2;
/** A window sharing this share of its units with one already given adds nothing new. */
const MAX_OVERLAP = 0.5;
/**
 * Share of its value a question term keeps, in choosing which part of a section to hand on, when
 * the passage's title or heading already says it: the model reads both with the passage
 * (answer/prompt.ts) and every part of the section is about them, so the part is chosen by the
 * question's other words (for "How do I add comments inside a .gitignore file?", the gitignore
 * page's comment rule, not the rules that repeat ".gitignore"). On qa-dev, 0.3 and 0.5 measured
 * alike, with the title alone as with title and heading: git +1 model passage (on the held-out
 * sets, PostgreSQL +1 model passage and −1 extractive page); 0 lost a Node.js model passage.
 */
const CONTEXT_SHARE = 0.5;
/**
 * This many of a long list of passages (a model's prompt) go to the other sections of the best
 * passage's page (page-sections.ts), however little they share with the question's words, when
 * the question is about that page: in a conversation, a follow-up asks about the thing just
 * discussed in words its page need not use; and a question most of whose best matches are on
 * one page (ABOUT_ONE_PAGE) is about that page. On qa-dev, 3 recovered two git follow-ups
 * (model passages 25 → 41.7 %; 2 recovered one, 4–8 the same two) and one Node.js question
 * (80 → 82.5 %), the held-out sets unchanged. For every question: Node.js +1, but git −1 page
 * among the sources and a held-out set −1.
 */
const PAGE_PASSAGES = 3;
/**
 * A question is about one page when that many of retrieval's first candidates are the page's
 * (4 of 6; 3 of 6 measured alike, 5 of 6 recovered nothing).
 */
const ABOUT_ONE_PAGE = { of: 6, atLeast: 4 };
/**
 * Shorter lists (the extractive engine's eight) keep to retrieval's order: their passages are
 * the sources a visitor is offered, where another page is worth more than a page's third
 * section (git follow-ups' pages 41.7 → 33.3 % with one of eight kept for the page).
 */
const MIN_LIST_FOR_PAGE = DEFAULT_RETRIEVE_LIMIT + 1;

export async function retrievePassages(
  db: Kysely<DB> | Transaction<DB>,
  args: PassageArgs,
): Promise<RetrievedChunk[]> {
  const limit = args.limit ?? DEFAULT_RETRIEVE_LIMIT;
  const { chunks, query, idf, index } = await retrieveRanked(db, {
    ...args,
    limit: limit * CANDIDATES_PER_PASSAGE,
  });
  const value: TermValue = (t) => (query.weights.get(t) ?? 0) * (idf.get(t) ?? 0);
  const scoreOf = unitScorer(query.weights.keys(), value);
  const windows = new Windows(
    windowScorers([...query.weights.keys()], value),
    args.windowChars ?? DEFAULT_WINDOW_CHARS,
  );
  await windows.readAround(index, chunks);
  const aboutPage = limit >= MIN_LIST_FOR_PAGE && (!!args.near || aboutOnePage(chunks));
  const ranked = chunks.values();
  windows.fill(ranked, aboutPage ? limit - PAGE_PASSAGES : limit);
  const best = windows.out.find((c) => !c.question);
  if (aboutPage && best) {
    // Sections retrieval ranked among its candidates keep their place in its order; taking
    // them here instead (they match the words better) recovered one git follow-up, not two.
    const candidates = new Set(chunks.map((c) => c.chunkId));
    const sections = await otherSections(index, best, candidates, query, scoreOf);
    await windows.readAround(index, sections);
    windows.fill(sections.values(), limit);
  }
  windows.fill(ranked, limit);
  return windows.out;
}

/**
 * Per passage context (its page title and section heading), the scorer of its units: a question
 * term the context already says counts CONTEXT_SHARE of its value.
 */
function windowScorers(
  terms: string[],
  value: TermValue,
): (chunk: RetrievedChunk) => (unit: Unit) => number {
  const byContext = new Map<string, (unit: Unit) => number>();
  return (chunk) => {
    const context = `${chunk.title}\n${chunk.heading ?? ''}`;
    let scorer = byContext.get(context);
    if (!scorer) {
      const said = new Set(analyze(context));
      scorer = unitScorer(terms, (t) => (said.has(t) ? CONTEXT_SHARE : 1) * value(t));
      byContext.set(context, scorer);
    }
    return scorer;
  };
}

/**
 * Whether most of retrieval's best candidates from pages are on the best one's page
 * (ABOUT_ONE_PAGE): the page whose sections are then read. Q&A pairs, each a document of its
 * own with no other sections, are left out.
 */
function aboutOnePage(chunks: RetrievedChunk[]): boolean {
  const first = chunks.filter((c) => !c.question).slice(0, ABOUT_ONE_PAGE.of);
  const page = first[0]?.documentId;
  return first.filter((c) => c.documentId === page).length >= ABOUT_ONE_PAGE.atLeast;
}

/**
 * The passages handed on, each a window cut from its chunk's section. Windows already given
 * (the same place reached through another chunk, or the same text on another page) are not
 * given twice: a chunk whose window mostly repeats a neighbour's gives what is new in it
 * instead, so two retrieved chunks of one long section both reach the passages.
 */
class Windows {
  readonly out: RetrievedChunk[] = [];
  /** Each unit handed on, with the section (document and heading) it was handed on from. */
  private readonly given = new Map<string, string>();
  private readonly neighbours = new Map<string, NeighbourRow>();

  constructor(
    private readonly scoreFor: (chunk: RetrievedChunk) => (unit: Unit) => number,
    private readonly budget: number,
  ) {}

  /** Reads the chunks before and after these (their windows may reach into them). */
  async readAround(index: IndexView, chunks: RetrievedChunk[]): Promise<void> {
    const prose = chunks.filter((c) => !c.question);
    const around = prose.map((c) => ({ documentId: c.documentId, ordinal: c.ordinal }));
    for (const n of await index.neighbours(around))
      this.neighbours.set(`${n.document_id}:${n.ordinal}`, n);
  }

  /** Adds `chunks` in order until `upTo` passages are handed on or they run out. */
  fill(chunks: Iterator<RetrievedChunk>, upTo: number): void {
    while (this.out.length < upTo) {
      const next = chunks.next();
      if (next.done) return;
      this.add(next.value);
    }
  }

  private add(chunk: RetrievedChunk): void {
    if (chunk.question) {
      this.out.push(chunk); // a Q&A pair is kept whole
      return;
    }
    const { given, budget } = this;
    const section = `${chunk.documentId}:${chunk.heading}`;
    const { units: raw, own } = sectionUnits(chunk, this.neighbours);
    const units = raw.map((u) => clipUnit(u, budget));
    const scores = units.map(this.scoreFor(chunk));
    const { start, end } = bestWindow(units, scores, budget, own);
    let window = units.slice(start, end);
    let keys = window.map((u) => u.text);
    const repeated = keys.filter((k) => given.has(k)).length;
    if (window.length === 0) return;
    if (repeated > MAX_OVERLAP * keys.length) {
      // Mostly given already. Through a neighbour of the same section: what is new in this
      // chunk. Text repeated from elsewhere (boilerplate, another copy) adds nothing.
      if (!keys.some((k) => given.get(k) === section)) return;
      window = freshWindow(units, scores, budget, own, (u) => given.has(u.text));
      keys = window.map((u) => u.text);
      if (window.length === 0) return;
    }
    for (const k of keys) if (!given.has(k)) given.set(k, section);
    this.out.push({ ...chunk, text: renderUnits(window) });
  }
}

/**
 * The chunk's units with those of the chunks before and after it in the same section (a
 * window never crosses a heading). A sentence the chunker repeated across a cut appears once.
 */
function sectionUnits(
  chunk: RetrievedChunk,
  neighbours: ReadonlyMap<string, NeighbourRow>,
): { units: Unit[]; own: { from: number; to: number } } {
  const near = (ordinal: number) => {
    const n = neighbours.get(`${chunk.documentId}:${ordinal}`);
    return n && n.heading === chunk.heading ? n.text : null;
  };
  const texts = [near(chunk.ordinal - 1), chunk.text, near(chunk.ordinal + 1)];
  const units: Unit[] = [];
  const own = { from: 0, to: 0 };
  texts.forEach((text, i) => {
    if (i === 1) own.from = units.length;
    if (text !== null) {
      for (const unit of rememberedUnitsOf(text, units.length > 0 ? '\n\n' : '')) {
        // A sentence the chunker repeated across a cut is the chunk's own.
        if (units.at(-1)?.text === unit.text) {
          if (i === 1 && own.from === units.length) own.from--;
          continue;
        }
        units.push(unit);
      }
    }
    if (i === 1) own.to = units.length;
  });
  return { units, own };
}
