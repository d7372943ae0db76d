import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { type SearchRequest, searchRequestFor } from '../../rag/answer/follow-up.ts';
import type { AnswerEngine, Passage, PastTurn } from '../../rag/answer/index.ts';
import { closeQaMatch } from '../../rag/answer/relevance.ts';
import type { Retrieve } from './chat.service.ts';

export interface TurnSearchDeps {
  db: Kysely<DB>;
  log: Logger;
  engine: Pick<AnswerEngine, 'standalone' | 'searchTerms'>;
  retrieve: Retrieve;
}

export interface TurnSearchArgs {
  botId: string;
  /** The bot's index generation, when read with the bot. */
  generation: number | undefined;
  question: string;
  history: PastTurn[];
  limit: number;
  /** How long a model call may take (searchRequestFor's own limits when absent). */
  timeoutMs?: number;
}

/**
 * What a turn is searched with, and the passages found. When the engine asks its model for
 * search words, the question is also searched on its own meanwhile: a stored Q&A pair matching
 * it closely is answered as written, so its answer does not wait for words it will not use (the
 * call is abandoned).
 */
export async function searchTurn(
  deps: TurnSearchDeps,
  args: TurnSearchArgs,
  signal?: AbortSignal,
): Promise<{ search: SearchRequest; passages: Passage[] }> {
  const { db, engine, log } = deps;
  const retrieveFor = (search: SearchRequest) =>
    deps.retrieve(db, {
      botId: args.botId,
      query: search.question,
      carried: search.carried,
      near: search.near,
      limit: args.limit,
      generation: args.generation,
    });
  const abandon = new AbortController();
  const searching = searchRequestFor(engine, args.question, args.history, {
    log,
    signal: signal ? AbortSignal.any([signal, abandon.signal]) : abandon.signal,
    ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
  });
  let alone: Passage[] | undefined;
  if (engine.searchTerms) {
    try {
      alone = await retrieveFor({ question: args.question });
    } catch (err) {
      abandon.abort();
      throw err;
    }
    if (closeQaMatch(args.question, alone)) {
      abandon.abort();
      return { search: { question: args.question }, passages: alone };
    }
  }
  const search = await searching;
  const unchanged = search.question === args.question && !search.carried && !search.near;
  return { search, passages: unchanged && alone ? alone : await retrieveFor(search) };
}
