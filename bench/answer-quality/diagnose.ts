import { extractAnswer } from '../../apps/server/src/rag/answer/extractive.ts';
import { createLlmEngine } from '../../apps/server/src/rag/answer/llm.ts';
import { retrievePassages } from '../../apps/server/src/rag/passages.ts';
import {
  DEFAULT_RETRIEVE_LIMIT,
  type RetrievedChunk,
  retrieveRanked,
} from '../../apps/server/src/rag/retrieve.ts';
import { print } from '../retrieval/fixtures.ts';
import { type Db, keptBots } from './kept-bots.ts';
import { containsPhrase } from './measure.ts';
import type { SingleTurn } from './sets.ts';

/**
 * Where each single-turn question is lost, over the bots a run with ANSWER_QUALITY_KEEP=DIR
 * trained (README.md):
 *
 *   node --import tsx bench/answer-quality/diagnose.ts DIR [git|nodejs|…]
 *
 * Retrieval is called as the chat calls it (same functions, same limits), without HTTP, so
 * one question takes milliseconds. Per question: the lexical rank of the first chunk of the
 * answer's page and of the chunk holding the phrase, and the stage where the phrase fell out:
 *
 * | verdict | the phrase… |
 * |---|---|
 * | deep | is in no chunk among the candidates the passages are cut from (retrieval ranks it lower) |
 * | not handed on | is in a candidate chunk, but the passages ran out before it (or it repeated one) |
 * | cut by window | is in a chunk that was handed on, but outside the window cut from it |
 * | ok | is in the passages |
 *
 * and for the extractive engine, given its own (fewer) passages: ok, "other sentence" (the
 * phrase was in its passages but the answer took another place) or "not in passages".
 * `DIAGNOSE_VERBOSE=1` adds, under each extractive miss, the start of its answer and its page.
 */
const DEPTH = 300;
/** Retrieval reads this many chunks per passage wanted (rag/passages.ts). */
const CANDIDATES_PER_PASSAGE = 2;
const BOT = { name: 'Bot', agentName: '', businessName: '', basePrompt: '' };

const keepDir = process.argv[2];
if (!keepDir) {
  print('usage: diagnose.ts KEEP_DIR [set …] (KEEP_DIR as given to ANSWER_QUALITY_KEEP)');
  process.exit(1);
}
const only = process.argv.slice(3);
const llmPassages =
  createLlmEngine({ baseUrl: 'http://127.0.0.1:9/v1', model: 'unused' }).passageCount ??
  DEFAULT_RETRIEVE_LIMIT;

const pagePath = (url: string | null) => {
  try {
    return url ? decodeURIComponent(new URL(url).pathname) : '';
  } catch {
    return '';
  }
};

async function diagnose(db: Db, botId: string, q: SingleTurn) {
  const onPage = (c: { url: string | null }) => pagePath(c.url) === q.page_path;
  const holds = (c: { text: string }) => containsPhrase(c.text, q.answer_substring);
  const { chunks } = await retrieveRanked(db, { botId, query: q.question, limit: DEPTH });
  const pageRank = chunks.findIndex(onPage);
  const phraseRank = chunks.findIndex((c) => onPage(c) && holds(c));
  const passages = await retrievePassages(db, { botId, query: q.question, limit: llmPassages });
  const source = new Map<number | string, RetrievedChunk>(chunks.map((c) => [c.chunkId, c]));
  let llm: string;
  if (passages.some(holds)) llm = 'ok';
  else if (passages.some((p) => holds(source.get(p.chunkId) ?? p))) llm = 'cut by window';
  else if (phraseRank >= 0 && phraseRank < llmPassages * CANDIDATES_PER_PASSAGE)
    llm = 'not handed on';
  else llm = 'deep';
  const own = await retrievePassages(db, {
    botId,
    query: q.question,
    limit: DEFAULT_RETRIEVE_LIMIT,
  });
  const answer = extractAnswer({ bot: BOT, question: q.question, history: [], passages: own });
  const extractive = containsPhrase(answer.text, q.answer_substring)
    ? 'ok'
    : own.some(holds)
      ? 'other sentence'
      : 'not in passages';
  const from = pagePath(answer.passages[0]?.url ?? null);
  return { pageRank, phraseRank, llm, extractive, answer: `${from} :: ${answer.text}` };
}

/** DIAGNOSE_VERBOSE=1: each extractive miss's answer, with the page it was taken from. */
const VERBOSE = process.env.DIAGNOSE_VERBOSE === '1';

const tally = (counts: Map<string, number>, key: string) =>
  counts.set(key, (counts.get(key) ?? 0) + 1);
const summary = (counts: Map<string, number>) =>
  [...counts].map(([k, n]) => `${k} ${n}`).join(', ');

for await (const { set, botId, db } of keptBots(keepDir, only)) {
  const llmCounts = new Map<string, number>();
  const extractiveCounts = new Map<string, number>();
  print(
    `\n${set.name}: page rank | phrase chunk rank | llm (${llmPassages} passages) | extractive`,
  );
  for (const q of set.single) {
    const d = await diagnose(db, botId, q);
    tally(llmCounts, d.llm);
    tally(extractiveCounts, d.extractive);
    const rank = (r: number) => (r < 0 ? `>${DEPTH}` : String(r + 1));
    print(
      `${rank(d.pageRank).padStart(5)} ${rank(d.phraseRank).padStart(5)}  ${d.llm.padEnd(13)}  ${d.extractive.padEnd(15)}  ${q.question}`,
    );
    if (VERBOSE && d.extractive !== 'ok')
      print(`      ${d.answer.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  print(`${set.name} llm: ${summary(llmCounts)}; extractive: ${summary(extractiveCounts)}`);
}
