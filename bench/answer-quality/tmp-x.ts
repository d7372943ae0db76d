import { extractAnswer } from '../../apps/server/src/rag/answer/extractive.ts';
import { retrievePassages } from '../../apps/server/src/rag/passages.ts';
import { DEFAULT_RETRIEVE_LIMIT } from '../../apps/server/src/rag/retrieve.ts';
import { keptBots } from './kept-bots.ts';
import { containsPhrase } from './measure.ts';
const BOT = { name: 'Bot', agentName: '', businessName: '', basePrompt: '' };
for await (const { set, botId, db } of keptBots(process.argv[2] as string, process.argv.slice(3))) {
  const c = { ok: 0, fromPassage: 0, inP0: 0, inAny: 0, n: 0 };
  for (const q of set.single) {
    c.n++;
    const own = await retrievePassages(db, { botId, query: q.question, limit: DEFAULT_RETRIEVE_LIMIT });
    const answer = extractAnswer({ bot: BOT, question: q.question, history: [], passages: own });
    const has = (t: string) => containsPhrase(t, q.answer_substring);
    if (has(answer.text)) c.ok++;
    const from = answer.passages[0];
    if (from && has(from.text)) c.fromPassage++;
    if (own[0] && has(own[0].text)) c.inP0++;
    if (own.some((p) => has(p.text))) c.inAny++;
  }
  console.log(set.name, JSON.stringify(c));
}
