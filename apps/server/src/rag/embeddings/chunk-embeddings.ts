import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { EMBED_BATCH, type EmbeddingClient } from './embedding-client.ts';
import {
  chunksWithoutEmbedding,
  type EmbeddingInputRow,
  loadEmbeddingInputs,
  saveEmbeddings,
} from './embeddings.repo.ts';

export interface ChunkEmbeddingDeps {
  db: Kysely<DB>;
  embedder: EmbeddingClient;
}

/**
 * The text a chunk is embedded as: its document title and heading (or Q&A question) give the
 * passage its subject, as the title and heading fields do for lexical search.
 */
export function embeddingInput(c: Omit<EmbeddingInputRow, 'id'>): string {
  const context = [c.title, c.heading, c.question].filter(
    (s, i, all): s is string => !!s && all.indexOf(s) === i,
  );
  return [...context, c.text].join('\n');
}

/** Embeds the chunks and stores their vectors; throws when the provider fails. */
export async function embedChunks(
  deps: ChunkEmbeddingDeps,
  chunks: EmbeddingInputRow[],
  signal?: AbortSignal,
): Promise<void> {
  if (chunks.length === 0) return;
  const vectors = await deps.embedder.embed(chunks.map(embeddingInput), signal ? { signal } : {});
  await saveEmbeddings(
    deps.db,
    deps.embedder.model,
    chunks.map((c, i) => ({ chunkId: c.id, vector: vectors[i] as number[] })),
  );
}

/**
 * Embeds every chunk of the bot that has no embedding from the current model: those whose
 * embedding failed or was cut short by a crash during training, and all of them after
 * EMBEDDING_MODEL changed. Looks again when a pass is done, so chunks trained meanwhile (whose
 * own embedding may have failed while this job ran, and could not queue another) are not left
 * out. Returns how many were embedded; throws when the provider fails.
 */
export async function backfillBot(
  deps: ChunkEmbeddingDeps,
  botId: string,
  signal?: AbortSignal,
): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = await chunksWithoutEmbedding(deps.db, botId, deps.embedder.model);
    let pass = 0;
    for (let i = 0; i < ids.length; i += EMBED_BATCH) {
      if (signal?.aborted) return done + pass;
      const chunks = await loadEmbeddingInputs(deps.db, botId, ids.slice(i, i + EMBED_BATCH));
      await embedChunks(deps, chunks, signal);
      pass += chunks.length;
    }
    done += pass;
    // Nothing (left) to embed, or only chunks deleted since they were listed.
    if (pass === 0) return done;
  }
}
