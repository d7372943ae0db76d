import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Creates the embeddings table when pgvector can be had (see 0008_embeddings.sql); false when
 * this database has no pgvector, and dense retrieval must stay off.
 */
export async function enableEmbeddingStore(db: Db): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`SELECT enable_chunk_embeddings() AS ok`.execute(db);
  return rows[0]?.ok === true;
}

/** pgvector's text form; parameters travel as text and are cast in SQL. */
const toVector = (v: number[]) => `[${v.join(',')}]`;

/**
 * Stores (or replaces, after a model change) the chunks' embeddings. The bot id is taken from
 * the chunk itself, and chunks deleted meanwhile are skipped.
 */
export async function saveEmbeddings(
  db: Db,
  model: string,
  rows: { chunkId: number; vector: number[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO chunk_embeddings (chunk_id, bot_id, model, embedding)
    SELECT c.id, c.bot_id, ${model}, u.embedding::vector
    FROM unnest(${rows.map((r) => r.chunkId)}::bigint[], ${rows.map((r) => toVector(r.vector))}::text[])
         AS u(chunk_id, embedding)
    JOIN chunks c ON c.id = u.chunk_id
    ON CONFLICT (chunk_id) DO UPDATE
      SET model = EXCLUDED.model, embedding = EXCLUDED.embedding, bot_id = EXCLUDED.bot_id`.execute(
    db,
  );
}

/** The bot's chunks that have no embedding from `model` yet, oldest first. */
export async function chunksWithoutEmbedding(
  db: Db,
  botId: string,
  model: string,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT c.id FROM chunks c
    LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.model = ${model}
    WHERE c.bot_id = ${botId}::uuid AND e.chunk_id IS NULL
    ORDER BY c.id`.execute(db);
  return rows.map((r) => r.id);
}

/** Bots with at least one chunk lacking an embedding from `model`. */
export async function botsWithoutEmbeddings(db: Db, model: string): Promise<string[]> {
  const { rows } = await sql<{ bot_id: string }>`
    SELECT DISTINCT c.bot_id FROM chunks c
    LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.model = ${model}
    WHERE e.chunk_id IS NULL`.execute(db);
  return rows.map((r) => r.bot_id);
}

export interface EmbeddingInputRow {
  id: number;
  title: string;
  heading: string | null;
  question: string | null;
  text: string;
}

/** What embedding a chunk needs (its document's title too), for chunks of this bot only. */
export async function loadEmbeddingInputs(
  db: Db,
  botId: string,
  ids: number[],
): Promise<EmbeddingInputRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<EmbeddingInputRow>`
    SELECT c.id, d.title, c.heading, c.question, c.text
    FROM chunks c JOIN documents d ON d.id = c.document_id
    WHERE c.bot_id = ${botId}::uuid AND c.id = ANY(${ids}::bigint[])
    ORDER BY c.id`.execute(db);
  return rows;
}

export interface DenseHit {
  id: number;
  /** Cosine similarity to the query, -1…1. */
  similarity: number;
}

/**
 * The bot's chunks nearest to the query vector, by cosine distance: an exact scan of the bot's
 * rows for this model (the (bot_id, model) index narrows it to them).
 */
export async function nearestChunks(
  db: Db,
  botId: string,
  model: string,
  vector: number[],
  limit: number,
): Promise<DenseHit[]> {
  const { rows } = await sql<{ id: number; distance: number }>`
    SELECT chunk_id AS id, embedding <=> ${toVector(vector)}::vector AS distance
    FROM chunk_embeddings
    WHERE bot_id = ${botId}::uuid AND model = ${model}
    ORDER BY distance, chunk_id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), similarity: 1 - r.distance }));
}
