import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { retrieve } from '../../apps/server/src/rag/retrieve.ts';
import { trainBot } from '../../apps/server/src/rag/testing/train-bot.ts';
import { fixturePath, print, readJsonLines } from './fixtures.ts';
import { ndcgAt, recallAt } from './metrics.ts';

interface CorpusDoc {
  _id: string;
  title: string;
  text: string;
}

/** Chunks retrieved per query: enough to rank 100 distinct documents for Recall@100. */
const CHUNK_DEPTH = 300;

/**
 * BEIR SciFact through the product's chunker, index and retriever: every abstract becomes a
 * document of one bot; a document scores as its best chunk.
 */
export async function runSciFact(
  db: Kysely<DB>,
): Promise<{ ndcg10: number; recall100: number } | null> {
  const dir = fixturePath('beir-scifact');
  if (!dir) return null;
  const corpus = readJsonLines<CorpusDoc>(path.join(dir, 'corpus.jsonl'));
  const queries = new Map(
    readJsonLines<{ _id: string; text: string }>(path.join(dir, 'queries.jsonl')).map((q) => [
      q._id,
      q.text,
    ]),
  );
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readFileSync(path.join(dir, 'qrels/test.tsv'), 'utf8').split('\n').slice(1)) {
    const [qid, docId, score] = line.trim().split('\t');
    if (!qid || !docId) continue;
    const rel = qrels.get(qid) ?? new Map<string, number>();
    rel.set(docId, Number(score));
    qrels.set(qid, rel);
  }

  const started = performance.now();
  // The corpus id travels in the document URL, which retrieval returns with each chunk.
  const botId = await trainBot(
    db,
    corpus.map((doc) => ({
      title: doc.title,
      text: doc.text,
      kind: 'text' as const,
      url: `scifact:${doc._id}`,
    })),
  );
  const indexSeconds = (performance.now() - started) / 1000;
  const chunks = await db
    .selectFrom('chunks')
    .where('bot_id', '=', botId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  let ndcg = 0;
  let recall = 0;
  const queryStart = performance.now();
  for (const [qid, relevant] of qrels) {
    const hits = await retrieve(db, {
      botId,
      query: queries.get(qid) ?? '',
      limit: CHUNK_DEPTH,
    });
    const ranked: string[] = [];
    const seen = new Set<string>();
    for (const hit of hits) {
      const docId = hit.url?.slice('scifact:'.length);
      if (docId && !seen.has(docId)) {
        seen.add(docId);
        ranked.push(docId);
      }
    }
    ndcg += ndcgAt(ranked, relevant, 10);
    recall += recallAt(ranked, relevant, 100);
  }
  const querySeconds = (performance.now() - queryStart) / 1000;
  print(
    `SciFact: ${corpus.length} documents → ${chunks.n} chunks, indexed in ${indexSeconds.toFixed(1)} s`,
  );
  print(
    `SciFact (${qrels.size} test queries): nDCG@10 = ${(ndcg / qrels.size).toFixed(4)}, Recall@100 = ${(recall / qrels.size).toFixed(4)}  (${((querySeconds * 1000) / qrels.size).toFixed(1)} ms/query at depth ${CHUNK_DEPTH})`,
  );
  return { ndcg10: ndcg / qrels.size, recall100: recall / qrels.size };
}
