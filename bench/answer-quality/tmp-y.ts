import { retrievePassages } from '../../apps/server/src/rag/passages.ts';
import { keptBots } from './kept-bots.ts';
const q = process.argv[4] as string;
for await (const { botId, db } of keptBots(process.argv[2] as string, [process.argv[3] as string])) {
  const own = await retrievePassages(db, { botId, query: q, limit: 8 });
  for (const p of own) console.log(`[${p.score?.toFixed?.(2)}] ${p.url?.split('/').pop()} :: ${p.heading} :: ${p.text.slice(0, 150).replace(/\n/g, ' ')}`);
}
