import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EmbeddingClient } from './embedding-client.ts';
import { type DenseHit, nearestChunks } from './embeddings.repo.ts';

/**
 * The bot's chunks nearest in meaning to the query, best first; empty when dense retrieval is
 * unavailable right now. Never throws: chat falls back to lexical retrieval.
 */
export type DenseSearch = (
  db: Kysely<DB> | Transaction<DB>,
  botId: string,
  query: string,
  limit: number,
) => Promise<DenseHit[]>;

export interface DenseSearchOptions {
  embedder: EmbeddingClient;
  log: Logger;
  /** A chat turn waits at most this long for the query's embedding. */
  timeoutMs?: number;
  /** After a failure the provider is left alone this long, so a hanging one costs one wait. */
  cooldownMs?: number;
}

const QUERY_TIMEOUT_MS = 3_000;
const COOLDOWN_MS = 30_000;

export function createDenseSearch(opts: DenseSearchOptions): DenseSearch {
  const { embedder, log } = opts;
  let pausedUntil = 0;
  return async (db, botId, query, limit) => {
    if (Date.now() < pausedUntil || !query.trim()) return [];
    try {
      const [vector] = await embedder.embed([query], {
        timeoutMs: opts.timeoutMs ?? QUERY_TIMEOUT_MS,
        maxRetries: 0,
      });
      if (!vector) return [];
      const hits = await nearestChunks(db, botId, embedder.model, vector, limit);
      // A zero vector (a query of nothing but symbols) has no direction: NaN distances.
      return hits.filter((h) => Number.isFinite(h.similarity));
    } catch (err) {
      pausedUntil = Date.now() + (opts.cooldownMs ?? COOLDOWN_MS);
      log.warn({ err, botId }, 'dense retrieval failed; answering from lexical search only');
      return [];
    }
  };
}
