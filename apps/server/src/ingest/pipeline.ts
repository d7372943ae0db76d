import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { type ChunkDraft, chunkDocument, type DocumentKind } from '../search/chunker.ts';
import { indexChunks } from '../search/lexical-index.ts';
import {
  findSourceForIngest,
  finishSource,
  insertDocumentIfNew,
  markSourceProcessing,
  replaceChunks,
  saveProgress,
} from './ingest.repo.ts';
import { recomputeBot } from '../modules/bots/bots.repo.ts';
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
}

/**
 * Dense retrieval hook: called after a document's chunks are committed (outside the
 * transaction, since it calls a remote model). Not wired yet; the embeddings work plugs in
 * here and must itself be idempotent (upsert by chunk id).
 */
export type EmbedChunks = (args: {
  botId: string;
  documentId: string;
  chunks: { id: number; text: string }[];
}) => Promise<void>;

export interface PipelineDeps {
  db: Kysely<DB>;
  log: Logger;
  /** Pushes the bot's current training state to its owner (realtime); must not throw. */
  notify(botId: string, userId: string): Promise<void>;
  embedChunks?: EmbedChunks;
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

/**
 * The one writer of documents and chunks. Each document is committed in its own transaction
 * together with its chunks and lexical postings, so a crash leaves whole documents only, and a
 * document that already exists (same content in the same bot) is skipped: running a source
 * again — after a crash, a retry or a duplicate submission — adds nothing twice.
 */
export async function ingestSource(deps: PipelineDeps, args: IngestArgs): Promise<IngestResult> {
  const result: IngestResult = { completed: false, documentsSeen: 0, documentsAdded: 0, chunksAdded: 0 };
  const source = await findSourceForIngest(deps.db, args.sourceId);
  if (!source) return result;
  const total = args.documentsTotal?.(source) ?? null;
  await markSourceProcessing(deps.db, source.id, source.bot_id, total);
  await deps.notify(source.bot_id, source.user_id);

  let lastProgress = Date.now();
  for await (const raw of args.documents(source)) {
    if (args.signal?.aborted) return result;
    result.documentsSeen++;
    const added = await ingestDocument(deps, source.bot_id, source.id, raw);
    if (added) {
      result.documentsAdded++;
      result.chunksAdded += added.chunks;
    }
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await saveProgress(deps.db, source.id, result.documentsSeen);
      await deps.notify(source.bot_id, source.user_id);
    }
  }
  if (args.signal?.aborted) return result;
  await finishSource(deps.db, source.id, 'trained', null);
  await recomputeBot(deps.db, source.bot_id);
  await deps.notify(source.bot_id, source.user_id);
  result.completed = true;
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
  title: string;
  text: string;
  kind: DocumentKind;
  question?: string;
  answer?: string;
  charCount: number;
  hash: string;
}

/** Normalises a document and derives what identifies it; null when nothing is left. */
export function prepareDocument(raw: IngestDocument): Prepared | null {
  const title = normalizeLine(raw.title ?? '');
  if (raw.kind === 'qa' || raw.question !== undefined) {
    const question = normalizeLine(raw.question ?? raw.title ?? '');
    const answer = normalizeDocumentText(raw.answer ?? raw.text ?? '');
    if (!question || !answer) return null;
    return {
      title: question,
      text: answer,
      kind: 'qa',
      question,
      answer,
      // Spec §9: the characters of a Q&A item are its question plus its answer.
      charCount: question.length + answer.length,
      hash: hashOf('qa', question, answer),
    };
  }
  const text = normalizeDocumentText(raw.text ?? '');
  if (!text) return null;
  return {
    title,
    text,
    kind: raw.kind,
    charCount: title.length + text.length,
    hash: hashOf(raw.kind, title, text),
  };
}

function hashOf(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

async function ingestDocument(
  deps: PipelineDeps,
  botId: string,
  sourceId: string,
  raw: IngestDocument,
): Promise<{ documentId: string; chunks: number } | null> {
  const doc = prepareDocument(raw);
  if (!doc) return null;
  const drafts: ChunkDraft[] = chunkDocument({
    title: doc.title,
    text: doc.text,
    kind: doc.kind,
    ...(doc.question !== undefined ? { question: doc.question, answer: doc.answer } : {}),
  });
  if (drafts.length === 0) return null;
  const written = await deps.db.transaction().execute(async (trx) => {
    const documentId = await insertDocumentIfNew(trx, {
      bot_id: botId,
      source_id: sourceId,
      title: doc.title,
      url: raw.url ?? null,
      kind: doc.kind,
      content_hash: doc.hash,
      char_count: doc.charCount,
      excerpt: doc.text.slice(0, EXCERPT_CHARS),
    });
    if (!documentId) return null;
    const ids = await replaceChunks(trx, botId, documentId, drafts);
    const chunks = drafts.map((d) => ({
      id: ids.get(d.ordinal)!,
      text: d.text,
      heading: d.heading,
      question: d.question,
    }));
    await indexChunks(trx, { botId, documentId, title: doc.title, chunks });
    return { documentId, chunks };
  });
  if (!written) return null;
  if (deps.embedChunks) {
    await deps.embedChunks({ botId, documentId: written.documentId, chunks: written.chunks });
  }
  return { documentId: written.documentId, chunks: written.chunks.length };
}
