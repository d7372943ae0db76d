import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { retrieve } from '../../apps/server/src/rag/retrieve.ts';
import { trainBot } from '../../apps/server/src/rag/testing/train-bot.ts';
import { fixturePath, print } from './fixtures.ts';

interface Squad {
  data: {
    paragraphs: {
      context: string;
      qas: { question: string; answers: { text: string }[] }[];
    }[];
  }[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * COVID-QA: each article is one document (title = its first line) of one bot; a question is
 * answered at rank k when one of the top k chunks contains its answer span.
 */
export async function runCovidQa(db: Kysely<DB>): Promise<{ top1: number; top5: number } | null> {
  const file = fixturePath('covid-qa/200423_covidQA.json');
  if (!file) return null;
  const squad = JSON.parse(readFileSync(file, 'utf8')) as Squad;
  const questions: { question: string; answer: string }[] = [];
  const docs = squad.data.flatMap((article) =>
    article.paragraphs.map((para) => {
      for (const qa of para.qas) {
        const answer = qa.answers[0]?.text;
        if (answer) questions.push({ question: qa.question, answer: squash(answer) });
      }
      return {
        title: para.context.split('\n', 1)[0]?.trim() ?? '',
        text: para.context,
        kind: 'text' as const,
      };
    }),
  );
  const started = performance.now();
  const botId = await trainBot(db, docs);
  const indexSeconds = (performance.now() - started) / 1000;
  let top1 = 0;
  let top5 = 0;
  for (const q of questions) {
    const hits = await retrieve(db, { botId, query: q.question, limit: 5 });
    const rank = hits.findIndex((h) => squash(h.text).includes(q.answer));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 5) top5++;
  }
  const n = questions.length;
  print(
    `COVID-QA: ${squad.data.length} articles indexed in ${indexSeconds.toFixed(1)} s; ${n} questions`,
  );
  print(
    `COVID-QA: answer span in top-1 chunk ${((100 * top1) / n).toFixed(1)}%, in top-5 chunks ${((100 * top5) / n).toFixed(1)}%`,
  );
  return { top1: top1 / n, top5: top5 / n };
}
