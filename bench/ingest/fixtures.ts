import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Third-party fixtures are read in place, never copied (see ../shared/fixtures/README.md). */
export const FIXTURES = path.resolve(
  fileURLToPath(new URL('../../', import.meta.url)),
  '../shared/fixtures',
);

const SCIFACT = path.join(FIXTURES, 'beir-scifact/corpus.jsonl');
const COVID_QA = path.join(FIXTURES, 'covid-qa/200423_covidQA.json');

/** ~`bytes` of real prose as text items of ~`itemBytes` each (SciFact abstracts). */
export function textCorpus(
  bytes: number,
  itemBytes = 50_000,
): { title: string; content: string }[] {
  const paragraphs: string[] = [];
  if (existsSync(SCIFACT)) {
    for (const line of readFileSync(SCIFACT, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const doc = JSON.parse(line) as { title: string; text: string };
      paragraphs.push(`${doc.title}\n\n${doc.text}`);
    }
  } else {
    process.stderr.write(`NOTICE: ${SCIFACT} absent; using generated text\n`);
    for (let i = 0; i < 6000; i++) {
      paragraphs.push(
        `Section ${i}\n\n${'The quick brown fox jumps over the lazy dog. '.repeat(25)}`,
      );
    }
  }
  const items: { title: string; content: string }[] = [];
  let total = 0;
  let current: string[] = [];
  let size = 0;
  for (let i = 0; total < bytes; i = (i + 1) % paragraphs.length) {
    const p = paragraphs[i]!;
    current.push(p);
    size += p.length + 2;
    total += p.length + 2;
    if (size >= itemBytes || total >= bytes) {
      items.push({ title: `Text ${items.length + 1}`, content: current.join('\n\n') });
      current = [];
      size = 0;
    }
  }
  return items;
}

/** `n` real question/answer pairs (COVID-QA questions with their answer passages). */
export function qaPairs(n: number): { question: string; answer: string }[] {
  const pairs: { question: string; answer: string }[] = [];
  if (existsSync(COVID_QA)) {
    const data = JSON.parse(readFileSync(COVID_QA, 'utf8')) as {
      data: {
        paragraphs: {
          context: string;
          qas: { question: string; answers: { text: string; answer_start: number }[] }[];
        }[];
      }[];
    };
    for (const article of data.data) {
      for (const p of article.paragraphs) {
        for (const qa of p.qas) {
          const a = qa.answers[0];
          if (!a) continue;
          // The answer span with its surrounding sentence(s), as an FAQ answer would read.
          const start = Math.max(0, a.answer_start - 200);
          pairs.push({
            question: qa.question,
            answer: p.context.slice(start, a.answer_start + a.text.length + 200),
          });
          if (pairs.length >= n) return pairs;
        }
      }
    }
  } else {
    process.stderr.write(`NOTICE: ${COVID_QA} absent; using generated pairs\n`);
  }
  for (let i = pairs.length; i < n; i++) {
    pairs.push({
      question: `Generated question number ${i}?`,
      answer: `Generated answer ${i}. `.repeat(20),
    });
  }
  return pairs;
}
