import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { NeighbourRow } from '../search/search.repo.ts';
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
 * character budget. A window starts in the retrieved chunk itself. Windows already given (the
 * same place reached through another chunk, or the same text on another page) are not given
 * twice: a chunk whose window mostly repeats a neighbour's gives what is new in it instead, so
 * two retrieved chunks of one long section both reach the passages.
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

export async function retrievePassages(
  db: Kysely<DB> | Transaction<DB>,
  args: PassageArgs,
): Promise<RetrievedChunk[]> {
  const limit = args.limit ?? DEFAULT_RETRIEVE_LIMIT;
  const budget = args.windowChars ?? DEFAULT_WINDOW_CHARS;
  const { chunks, query, idf, index } = await retrieveRanked(db, {
    ...args,
    limit: limit * CANDIDATES_PER_PASSAGE,
  });
  const value: TermValue = (t) => (query.weights.get(t) ?? 0) * (idf.get(t) ?? 0);
  const scoreOf = unitScorer(query.weights.keys(), value);
  const prose = chunks.filter((c) => !c.question);
  const neighbours = new Map(
    (
      await index.neighbours(prose.map((c) => ({ documentId: c.documentId, ordinal: c.ordinal })))
    ).map((n) => [`${n.document_id}:${n.ordinal}`, n]),
  );
  /** Each unit handed on, with the section (document and heading) it was handed on from. */
  const given = new Map<string, string>();
  const out: RetrievedChunk[] = [];
  for (const chunk of chunks) {
    if (out.length >= limit) break;
    if (chunk.question) {
      out.push(chunk); // a Q&A pair is kept whole
      continue;
    }
    const section = `${chunk.documentId}:${chunk.heading}`;
    const { units: raw, own } = sectionUnits(chunk, neighbours);
    const units = raw.map((u) => clipUnit(u, budget));
    const scores = units.map(scoreOf);
    const { start, end } = bestWindow(units, scores, budget, own);
    let window = units.slice(start, end);
    let keys = window.map((u) => u.text);
    const repeated = keys.filter((k) => given.has(k)).length;
    if (window.length === 0) continue;
    if (repeated > MAX_OVERLAP * keys.length) {
      // Mostly given already. Through a neighbour of the same section: what is new in this
      // chunk. Text repeated from elsewhere (boilerplate, another copy) adds nothing.
      if (!keys.some((k) => given.get(k) === section)) continue;
      window = freshWindow(units, scores, budget, own, (u) => given.has(u.text));
      keys = window.map((u) => u.text);
      if (window.length === 0) continue;
    }
    for (const k of keys) if (!given.has(k)) given.set(k, section);
    out.push({ ...chunk, text: renderUnits(window) });
  }
  return out;
}

/**
 * The chunk's units with those of the chunks before and after it in the same section (a
 * window never crosses a heading). A sentence the chunker repeated across a cut appears once.
 */
function sectionUnits(
  chunk: RetrievedChunk,
  neighbours: Map<string, NeighbourRow>,
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
