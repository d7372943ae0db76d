import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { type ChunkDraft, chunkDocument, type DocumentKind } from '../search/chunker.ts';
import { compactBotIndex, indexDocuments } from '../search/lexical-index.ts';
import { type PlaceMark, placeChunks } from '../search/places.ts';
import type { VacuumScheduler } from '../search/vacuum-scheduler.ts';
import type { PageLink } from './extract/html.ts';
import {
  findSourceForIngest,
  finishSource,
  insertChunks,
  insertDocumentLinks,
  insertDocumentsIfNew,
  markSourceProcessing,
  recomputeBot,
  saveProgress,
} from './ingest.repo.ts';
import { normalizeDocumentText, normalizeLine } from './normalize.ts';

/** What a source module yields: raw extracted content, before any normalisation. */
export interface IngestDocument {
  title: string;
  text: string;
  url?: string | null;
  kind: DocumentKind;
  /** Q&A pairs: kept whole as one chunk. */
  question?: string;
  answer?: string;
  /** Places in the text (a PDF's pages, a video's times) its chunks are anchored at. */
  places?: PlaceMark[];
  /** A web page's links to other pages, with the words around them. */
  links?: PageLink[];
}

/**
 * Dense retrieval hooks. Both call a remote model, so they run outside the transactions, and
 * both must not throw: embeddings are an addition to lexical search, never a reason for
 * training to fail. A chunk whose embedding failed is caught up later (`catchUp`).
 */
export interface ChunkEmbedder {
  /** After each batch commits: embeds its chunks (idempotent, upserts by chunk id). */
  embed(args: { botId: string; chunks: EmbeddableChunk[] }): Promise<void>;
  /** Once the source is trained: embeds whatever of the bot still lacks an embedding. */
  catchUp(botId: string): Promise<void>;
}

export interface EmbeddableChunk {
  id: number;
  /** The document's title. */
  title: string;
  heading: string | null;
  question: string | null;
  text: string;
}

export interface PipelineDeps {
  db: Kysely<DB>;
  log: Logger;
  /** Pushes the bot's current training state to its owner (realtime); must not throw. */
  notify(botId: string, userId: string): Promise<void>;
  embeddings?: ChunkEmbedder;
  /**
   * Embedded PGlite has no autovacuum: without an explicit VACUUM the rows that index merges
   * leave behind pile up and slow every query. Absent on PostgreSQL.
   */
  searchVacuum?: VacuumScheduler | undefined;
}

export interface SourceInput {
  id: string;
  type: string;
  input: unknown;
}

export interface IngestArgs {
  sourceId: string;
  /** Produces the source's documents; receives the source row as loaded. */
  documents: (source: SourceInput) => AsyncIterable<IngestDocument>;
  /** How many documents the source will yield, when known up front (progress). */
  documentsTotal?: (source: SourceInput) => number | null;
  signal?: AbortSignal;
}

export interface IngestResult {
  /** false when the source no longer exists (deleted while queued) or the run was stopped. */
  completed: boolean;
  documentsSeen: number;
  documentsAdded: number;
  chunksAdded: number;
}

const EXCERPT_CHARS = 500;
const PROGRESS_EVERY_MS = 500;
/** Documents committed per transaction: small ones are batched to save round trips. */
const BATCH_DOCS = 64;
const BATCH_CHARS = 1_000_000;

/**
 * The one writer of documents and chunks. A document is committed in the same transaction as
 * its chunks and lexical postings (small documents a batch at a time), so a crash leaves whole
 * documents only, and a document that already exists (same content in the same bot) is
 * skipped: running a source again — after a crash, a retry or a duplicate submission — adds
 * nothing twice.
 */
export async function ingestSource(deps: PipelineDeps, args: IngestArgs): Promise<IngestResult> {
  const result: IngestResult = {
    completed: false,
    documentsSeen: 0,
    documentsAdded: 0,
    chunksAdded: 0,
  };
  const source = await findSourceForIngest(deps.db, args.sourceId);
  if (!source) return result;
  const total = args.documentsTotal?.(source) ?? null;
  await markSourceProcessing(deps.db, source.id, source.bot_id, total);
  await deps.notify(source.bot_id, source.user_id);

  let lastProgress = Date.now();
  let batch: Prepared[] = [];
  let batchChars = 0;
  const flush = async () => {
    const written = await commitBatch(deps, source.bot_id, source.id, batch);
    result.documentsAdded += written.documents;
    result.chunksAdded += written.chunks;
    batch = [];
    batchChars = 0;
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await saveProgress(deps.db, source.id, result.documentsSeen);
      await deps.notify(source.bot_id, source.user_id);
    }
  };
  for await (const raw of args.documents(source)) {
    if (args.signal?.aborted) return result;
    result.documentsSeen++;
    const doc = prepareDocument(raw);
    if (!doc || batch.some((d) => d.hash === doc.hash)) continue;
    batch.push(doc);
    batchChars += doc.text.length;
    if (batch.length >= BATCH_DOCS || batchChars >= BATCH_CHARS) await flush();
  }
  if (batch.length > 0 && !args.signal?.aborted) await flush();
  if (args.signal?.aborted) return result;
  // Merge the run's small index segments first, so a bot shown as trained is also fast.
  await compactBotIndex(deps.db, source.bot_id);
  await finishSource(deps.db, source.id, 'trained', null);
  await recomputeBot(deps.db, source.bot_id);
  await deps.notify(source.bot_id, source.user_id);
  result.completed = true;
  await deps.embeddings?.catchUp(source.bot_id);
  // Housekeeping after the bot is reported trained, never delaying it (see VacuumScheduler).
  deps.searchVacuum?.request();
  return result;
}

/** Records a source whose job gave up, so the bot's state and the UI say so. */
export async function failSource(
  deps: PipelineDeps,
  sourceId: string,
  message: string,
): Promise<void> {
  const source = await findSourceForIngest(deps.db, sourceId);
  if (!source) return;
  await finishSource(deps.db, sourceId, 'failed', message);
  await recomputeBot(deps.db, source.bot_id);
  await deps.notify(source.bot_id, source.user_id);
}

interface Prepared {
  url: string | null;
  title: string;
  text: string;
  kind: DocumentKind;
  question?: string;
  answer?: string;
  charCount: number;
  hash: string;
  places?: PlaceMark[];
  links?: PageLink[];
}

/** Normalises a document and derives what identifies it; null when nothing is left. */
export function prepareDocument(raw: IngestDocument): Prepared | null {
  const title = normalizeLine(raw.title ?? '');
  if (raw.kind === 'qa' || raw.question !== undefined) {
    const question = normalizeLine(raw.question ?? raw.title ?? '');
    const answer = normalizeDocumentText(raw.answer ?? raw.text ?? '');
    if (!question || !answer) return null;
    return {
      url: raw.url ?? null,
      title: question,
      text: answer,
      kind: 'qa',
      question,
      answer,
      // docs/spec.md §9: the characters of a Q&A item are its question plus its answer.
      charCount: question.length + answer.length,
      hash: hashOf('qa', question, answer),
    };
  }
  const text = normalizeDocumentText(raw.text ?? '');
  if (!text) return null;
  return {
    url: raw.url ?? null,
    title,
    text,
    kind: raw.kind,
    charCount: title.length + text.length,
    hash: hashOf(raw.kind, title, text),
    ...(raw.places ? { places: raw.places } : {}),
    ...(raw.links ? { links: raw.links } : {}),
  };
}

function hashOf(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

/** Commits a batch of documents with their chunks and postings in one transaction. */
async function commitBatch(
  deps: PipelineDeps,
  botId: string,
  sourceId: string,
  docs: Prepared[],
): Promise<{ documents: number; chunks: number }> {
  const drafted = docs
    .map((doc) => {
      const drafts: ChunkDraft[] = chunkDocument({
        title: doc.title,
        text: doc.text,
        kind: doc.kind,
        ...(doc.question !== undefined ? { question: doc.question, answer: doc.answer } : {}),
      });
      if (doc.places) placeChunks(drafts, doc.text, doc.places);
      return { doc, drafts };
    })
    .filter((d) => d.drafts.length > 0);
  if (drafted.length === 0) return { documents: 0, chunks: 0 };
  const written = await deps.db.transaction().execute(async (trx) => {
    const ids = await insertDocumentsIfNew(
      trx,
      drafted.map(({ doc }) => ({
        bot_id: botId,
        source_id: sourceId,
        title: doc.title,
        url: doc.url,
        kind: doc.kind,
        content_hash: doc.hash,
        char_count: doc.charCount,
        excerpt: doc.text.slice(0, EXCERPT_CHARS),
      })),
    );
    const fresh = drafted.flatMap(({ doc, drafts }) => {
      const documentId = ids.get(doc.hash);
      return documentId ? [{ documentId, doc, drafts }] : [];
    });
    const chunkIds = await insertChunks(trx, botId, fresh);
    await insertDocumentLinks(
      trx,
      botId,
      fresh.map(({ documentId, doc }) => ({ documentId, links: doc.links ?? [] })),
    );
    const indexed = fresh.map(({ documentId, doc, drafts }) => {
      const byOrdinal = chunkIds.get(documentId)!;
      const chunks = drafts.map((d) => ({
        id: byOrdinal.get(d.ordinal)!,
        text: d.text,
        heading: d.heading,
        question: d.question,
      }));
      return { documentId, title: doc.title, chunks };
    });
    // One index write for the whole batch: per-document calls dominated ingestion time.
    await indexDocuments(trx, { botId, documents: indexed });
    return indexed;
  });
  await deps.embeddings?.embed({
    botId,
    chunks: written.flatMap((w) => w.chunks.map((c) => ({ ...c, title: w.title }))),
  });
  return { documents: written.length, chunks: written.reduce((n, w) => n + w.chunks.length, 0) };
}
