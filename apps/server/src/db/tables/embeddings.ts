/**
 * Dense retrieval (migration 0008_embeddings.sql); written only by rag/embeddings/*.repo.ts.
 * The table exists only where pgvector is available.
 */
export interface ChunkEmbeddingsTable {
  chunk_id: number;
  bot_id: string;
  /** The EMBEDDING_MODEL that made the vector. */
  model: string;
  /** pgvector text form, `[0.1,0.2,…]`. */
  embedding: string;
}

export interface EmbeddingsTables {
  chunk_embeddings: ChunkEmbeddingsTable;
}
