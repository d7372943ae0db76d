import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturePath, print, readJsonLines } from '../retrieval/fixtures.ts';
import { startEchoModel } from './echo-model.ts';
import { containsPhrase, pct } from './measure.ts';
import { startProduct } from './product.ts';

/**
 * Answer quality on single PDF documents, through the product as a user goes: each fixture PDF
 * is uploaded (POST /api/upload/documents, stage 2) into a bot of its own, trained, and asked
 * every question of pdf-questions.jsonl through /api/ai/chat, with both engines as run.ts does
 * (extractive: the answer holds the phrase; llm against the echo model: the passages handed
 * to the model do).
 *
 *   node --import tsx bench/answer-quality/pdfs.ts
 *
 * The questions are a development set, written from paragraphs picked at random in three of
 * ../shared/fixtures/pdfs (README.md). Skips with a notice when the fixtures are absent.
 */
interface PdfQuestion {
  pdf: string;
  question: string;
  answer_substring: string;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const questions = readJsonLines<PdfQuestion>(path.join(HERE, 'pdf-questions.jsonl'));
const pdfDir = fixturePath('pdfs');
if (!pdfDir) process.exit(0);

const echo = await startEchoModel();
const rows: string[] = [];
try {
  for (const engine of ['extractive', 'llm'] as const) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-answer-quality-pdf-'));
    const product = await startProduct({
      dataDir,
      ...(engine === 'llm' ? { llmBaseUrl: echo.url } : {}),
    });
    try {
      let found = 0;
      for (const pdf of [...new Set(questions.map((q) => q.pdf))]) {
        const { botId, seconds } = await product.trainPdf(path.join(pdfDir, pdf));
        print(`${engine}: ${pdf} uploaded and trained in ${seconds.toFixed(0)} s`);
        for (const q of questions.filter((x) => x.pdf === pdf)) {
          const res = await product.ask(botId, q.question);
          const hit = containsPhrase(res.answer, q.answer_substring);
          found += Number(hit);
          if (!hit) print(`   miss: ${q.question}`);
        }
      }
      rows.push(`| ${engine} | ${pct(found, questions.length)} (${found}/${questions.length}) |`);
    } finally {
      await product.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await echo.close();
}
print('\n| engine | phrase in answer (extractive) / in model passages (llm) |\n|---|---|');
for (const row of rows) print(row);
