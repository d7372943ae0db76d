import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { loadNeighbours, type NeighbourRow } from '../search/search.repo.ts';
import {
  bestWindow,
  clipUnit,
  renderUnits,
  type TermValue,
  type Unit,
  unitScorer,
  unitsOf,
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
 * character budget. Windows already given (the same place reached through another chunk, or
 * the same text on another page) are not given twice, so the passages cover more places.
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
  const { chunks, query, idf } = await retrieveRanked(db, {
    ...args,
    limit: limit * CANDIDATES_PER_PASSAGE,
  });
  const value: TermValue = (t) => (query.weights.get(t) ?? 0) * (idf.get(t) ?? 0);
  const scoreOf = unitScorer(query.weights.keys(), value);
  const prose = chunks.filter((c) => !c.question);
  const neighbours = new Map(
    (
      await loadNeighbours(
        db,
        args.botId,
        prose.map((c) => ({ documentId: c.documentId, ordinal: c.ordinal })),
      )
    ).map((n) => [`${n.document_id}:${n.ordinal}`, n]),
  );
  const given = new Set<string>();
  const out: RetrievedChunk[] = [];
  for (const chunk of chunks) {
    if (out.length >= limit) break;
    if (chunk.question) {
      out.push(chunk); // a Q&A pair is kept whole
      continue;
    }
    const units = sectionUnits(chunk, neighbours).map((u) => clipUnit(u, budget));
    const scores = units.map(scoreOf);
    const { start, end } = bestWindow(units, scores, budget);
    const window = units.slice(start, end);
    const keys = window.map((u) => u.text);
    const repeated = keys.filter((k) => given.has(k)).length;
    if (window.length === 0 || repeated > MAX_OVERLAP * keys.length) continue;
    for (const k of keys) given.add(k);
    out.push({ ...chunk, text: renderUnits(window) });
  }
  return out;
}

/**
 * The chunk's units with those of the chunks before and after it in the same section (a
 * window never crosses a heading). A sentence the chunker repeated across a cut appears once.
 */
function sectionUnits(chunk: RetrievedChunk, neighbours: Map<string, NeighbourRow>): Unit[] {
  const near = (ordinal: number) => {
    const n = neighbours.get(`${chunk.documentId}:${ordinal}`);
    return n && n.heading === chunk.heading ? n.text : null;
  };
  const texts = [near(chunk.ordinal - 1), chunk.text, near(chunk.ordinal + 1)];
  const units: Unit[] = [];
  for (const text of texts) {
    if (text === null) continue;
    for (const unit of unitsOf(text, units.length > 0 ? '\n\n' : '')) {
      if (units.at(-1)?.text === unit.text) continue;
      units.push(unit);
    }
  }
  return units;
}
