import type { IngestDocument } from '../pipeline.ts';

/** sources.input of a 'qa' or 'csv' source: the question/answer pairs to train. */
export interface QaSourceInput {
  pairs: { question: string; answer: string }[];
}

export async function* qaDocuments(input: QaSourceInput): AsyncIterable<IngestDocument> {
  for (const p of input.pairs) {
    yield { title: p.question, text: p.answer, kind: 'qa', question: p.question, answer: p.answer };
  }
}

export const qaDocumentCount = (input: QaSourceInput) => input.pairs.length;

/** docs/spec.md §9: the characters of a Q&A item are its question plus its answer. */
export const qaCharCount = (pairs: QaSourceInput['pairs']) =>
  pairs.reduce((n, p) => n + p.question.length + p.answer.length, 0);
