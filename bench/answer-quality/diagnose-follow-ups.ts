import { createExtractiveEngine } from '../../apps/server/src/rag/answer/extractive.ts';
import { searchRequestFor } from '../../apps/server/src/rag/answer/follow-up.ts';
import type {
  AnswerEngine,
  AnswerSource,
  PastTurn,
} from '../../apps/server/src/rag/answer/index.ts';
import { createLlmEngine } from '../../apps/server/src/rag/answer/llm.ts';
import { sourceOf } from '../../apps/server/src/rag/answer/replies.ts';
import { retrievePassages } from '../../apps/server/src/rag/passages.ts';
import { DEFAULT_RETRIEVE_LIMIT, retrieveRanked } from '../../apps/server/src/rag/retrieve.ts';
import { print } from '../retrieval/fixtures.ts';
import { startEchoModel } from './echo-model.ts';
import { type Db, keptBots } from './kept-bots.ts';
import { containsPhrase, pct } from './measure.ts';
import type { FollowUp } from './sets.ts';

/**
 * The follow-up questions of each set, answered as the chat answers them (first turn, its
 * sources as the history's cited chunks, then the follow-up in the same conversation), over
 * the bots a run with ANSWER_QUALITY_KEEP=DIR trained, without HTTP:
 *
 *   node --import tsx bench/answer-quality/diagnose-follow-ups.ts DIR [set …]
 *
 * Both engines (the llm one against the echo model, as in run.ts). Per follow-up: whether the
 * first turn cited the answer's page, whether the follow-up did, whether the phrase is in the
 * answer, and what the follow-up was searched with (the carried terms and their weight).
 * FOLLOW_UPS_VERBOSE=1 adds each turn's source pages and the start of its answer.
 * FOLLOW_UPS_ORACLE=1 makes every first turn cite the answer's page first (rightPageFirst): the
 * follow-up search measured apart from how well the first question was answered.
 */
const BOT = { name: 'Bot', agentName: '', businessName: '', basePrompt: '' };

const keepDir = process.argv[2];
if (!keepDir) {
  print(
    'usage: diagnose-follow-ups.ts KEEP_DIR [set …] (KEEP_DIR as given to ANSWER_QUALITY_KEEP)',
  );
  process.exit(1);
}
const only = process.argv.slice(3);
const oracle = process.env.FOLLOW_UPS_ORACLE === '1';
const verbose = process.env.FOLLOW_UPS_VERBOSE === '1';
const ORACLE_DEPTH = 1000;

const pagePath = (url: string | null) => {
  try {
    return url ? decodeURIComponent(new URL(url).pathname) : '';
  } catch {
    return '';
  }
};

/** One turn as the chat service runs it (modules/chat/chat-turn.ts), without storing it. */
async function turn(
  db: Db,
  botId: string,
  engine: AnswerEngine,
  question: string,
  history: PastTurn[],
) {
  const search = await searchRequestFor(engine, question, history);
  const limit = engine.passageCount ?? DEFAULT_RETRIEVE_LIMIT;
  const passages = await retrievePassages(db, {
    botId,
    query: search.question,
    carried: search.carried,
    near: search.near,
    limit,
  });
  let answer = '';
  let sources: AnswerSource[] = [];
  for await (const ev of engine.answer({ bot: BOT, question, history, passages, search })) {
    if (ev.type === 'token') answer += ev.text;
    else if (ev.type === 'sources') sources = ev.sources;
  }
  return { search, answer: answer.trim(), sources };
}

/**
 * The first turn's sources with the answer's page cited first (its chunk that best matches
 * the first question), as if the first turn had been answered from the right page: measures
 * the follow-up search apart from the first turn's retrieval.
 */
async function rightPageFirst(
  db: Db,
  botId: string,
  q: FollowUp,
  sources: AnswerSource[],
): Promise<AnswerSource[]> {
  const { chunks } = await retrieveRanked(db, { botId, query: q.first, limit: ORACLE_DEPTH });
  const best = chunks.find((c) => pagePath(c.url) === q.page_path);
  if (!best) return sources;
  const rest = sources.filter((s) => pagePath(s.url) !== q.page_path);
  return [sourceOf(best), ...rest];
}

const echo = await startEchoModel();
const engines: AnswerEngine[] = [
  createExtractiveEngine({}),
  createLlmEngine({ baseUrl: echo.url, model: 'echo' }),
];
try {
  for await (const { set, botId, db } of keptBots(keepDir, only)) {
    for (const engine of engines) {
      print(`\n${set.name} / ${engine.kind}: first page | page | phrase | carried`);
      let pages = 0;
      let phrases = 0;
      for (const q of set.followUps) {
        const onPage = (s: AnswerSource) => pagePath(s.url) === q.page_path;
        const first = await turn(db, botId, engine, q.first, []);
        if (oracle) first.sources = await rightPageFirst(db, botId, q, first.sources);
        const history: PastTurn[] = [
          {
            question: q.first,
            answer: first.answer,
            sourceChunks: first.sources.map((s) => Number(s.chunkId)),
            sourcePlaces: first.sources.map((s) => ({
              title: s.title,
              section: s.section ?? null,
            })),
          },
        ];
        const next = await turn(db, botId, engine, q.question, history);
        const page = next.sources.some(onPage);
        const phrase = containsPhrase(next.answer, q.answer_substring);
        pages += Number(page);
        phrases += Number(phrase);
        const carried = next.search.carried
          ? `${next.search.carried.weight.toFixed(2)}×[${next.search.carried.terms.join(' ')}]`
          : '-';
        const mark = (b: boolean) => (b ? 'yes' : ' - ');
        if (verbose) {
          const pathsOf = (xs: AnswerSource[]) => xs.map((x) => pagePath(x.url)).join(' ');
          print(
            `      first: ${pathsOf(first.sources)} :: ${first.answer.slice(0, 100).replace(/\s+/g, ' ')}`,
          );
          print(
            `      next:  ${pathsOf(next.sources)} :: ${next.answer.slice(0, 100).replace(/\s+/g, ' ')}`,
          );
        }
        print(
          `  ${mark(first.sources.some(onPage))} ${mark(page)} ${mark(phrase)}  ${q.page_path}  ${q.question.slice(0, 60)}  ${carried}`,
        );
      }
      print(
        `${set.name} / ${engine.kind}: follow-ups page ${pct(pages, set.followUps.length)}, phrase ${pct(phrases, set.followUps.length)}`,
      );
    }
  }
} finally {
  await echo.close();
}
