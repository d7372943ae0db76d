import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { DONT_KNOW_REPLY } from '../../apps/server/src/rag/answer/replies.ts';
import { fixturePath, print } from '../retrieval/fixtures.ts';
import { normalise, pct } from './measure.ts';
import { startProduct } from './product.ts';

/**
 * An imported FAQ asked in customers' own words, through the product: the COVID FAQ
 * (faq_csv/covid_faq_covidbert.csv, 213 pairs) is imported through the Q&A CSV upload into a
 * bot, then every pair of faq_csv/covid_faq_question_similarity_en.csv is asked through
 * /api/ai/chat (extractive engine): `question_2`, a rewording of the stored `question_1` for
 * the 244 pairs labelled similar, and of some other question for the 244 labelled not.
 *
 *   node --import tsx bench/answer-quality/faq.ts
 *
 * Per answer to a similar pair: from the stored pair (its text is part of question_1's answer),
 * "I don't know", or from elsewhere (often another pair saying the same, as this FAQ gathers
 * several agencies' answers). For the dissimilar pairs: how often question_1's answer is given
 * anyway. Skips with a notice when the fixtures are absent.
 */
const faqFile = fixturePath('faq_csv/covid_faq_covidbert.csv');
const pairsFile = fixturePath('faq_csv/covid_faq_question_similarity_en.csv');
if (!faqFile || !pairsFile) process.exit(0);

const rows = <T>(file: string) =>
  Papa.parse<T>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: 'greedy' }).data;
const answerOf = new Map(
  rows<{ question: string; answer: string }>(faqFile).map((r) => [r.question.trim(), r.answer]),
);
const pairs = rows<{ question_1: string; question_2: string; similar: string }>(pairsFile);

/** The answer was drawn from `stored`: its opening words are in the stored answer. */
const drawnFrom = (answer: string, stored: string) =>
  normalise(stored).includes(normalise(answer).slice(0, 80));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-answer-quality-faq-'));
const product = await startProduct({ dataDir });
try {
  const { botId, seconds } = await product.trainCsv(faqFile, 'question', 'answer');
  print(`${answerOf.size} FAQ pairs imported and trained in ${seconds.toFixed(0)} s`);
  const tally = { right: 0, dontKnow: 0, elsewhere: 0, similar: 0, leaked: 0, dissimilar: 0 };
  for (const pair of pairs) {
    const stored = answerOf.get(pair.question_1.trim()) ?? '';
    const { answer } = await product.ask(botId, pair.question_2);
    const fromStored = answer !== DONT_KNOW_REPLY && drawnFrom(answer, stored);
    if (pair.similar !== '1') {
      tally.dissimilar++;
      tally.leaked += Number(fromStored);
      continue;
    }
    tally.similar++;
    if (fromStored) tally.right++;
    else if (answer === DONT_KNOW_REPLY) tally.dontKnow++;
    else tally.elsewhere++;
  }
  print(
    `\n| rewordings of a stored question (${tally.similar}) | from its pair | "I don't know" | from elsewhere | other questions answered with that pair (${tally.dissimilar}) |`,
  );
  print('|---|---|---|---|---|');
  const of = (n: number) => pct(n, tally.similar);
  print(
    `| | ${of(tally.right)} | ${of(tally.dontKnow)} | ${of(tally.elsewhere)} | ${pct(tally.leaked, tally.dissimilar)} |`,
  );
} finally {
  await product.close();
  rmSync(dataDir, { recursive: true, force: true });
}
