import type { Kysely } from 'kysely';
import type { Env } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { llmFetch } from '../answer/index.ts';
import { createEmbeddingClient, type EmbeddingClient } from './embedding-client.ts';
import { enableEmbeddingStore } from './embeddings.repo.ts';

export type { EmbeddingClient } from './embedding-client.ts';

/** A batch of float vectors is larger than a chat answer. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * The embedding client when EMBEDDING_BASE_URL and EMBEDDING_MODEL are set and the database
 * can store vectors; otherwise undefined, and retrieval stays lexical. Creating the table here
 * (not only in the migration) lets pgvector installed after the first start take effect.
 */
export async function openEmbeddings(
  env: Env,
  db: Kysely<DB>,
  log: Logger,
): Promise<EmbeddingClient | undefined> {
  if (!env.EMBEDDING_BASE_URL || !env.EMBEDDING_MODEL) return undefined;
  if (!(await enableEmbeddingStore(db))) {
    log.warn(
      'EMBEDDING_MODEL is set but this PostgreSQL has no pgvector extension: dense retrieval is off and search is lexical only',
    );
    return undefined;
  }
  return createEmbeddingClient({
    baseUrl: env.EMBEDDING_BASE_URL,
    apiKey: env.EMBEDDING_API_KEY,
    model: env.EMBEDDING_MODEL,
    fetch: llmFetch(env.EMBEDDING_BASE_URL, { maxBytes: MAX_RESPONSE_BYTES }),
  });
}
