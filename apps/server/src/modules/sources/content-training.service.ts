import { KNOWLEDGE_MESSAGES, SOURCE_TYPES, type TrainingResponse } from '@docent/shared';
import { decodeCsv, parseQaCsv } from '../../ingest/sources/csv.ts';
import { type QaSourceInput, qaCharCount } from '../../ingest/sources/qa.ts';
import { type TextSourceInput, textCharCount } from '../../ingest/sources/text.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { type BotTarget, startTraining } from './training.service.ts';

/** Typed and imported texts (upload/text, stage 1). */
export function trainTexts(
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  userId: string,
  body: BotTarget & { content_list: TextSourceInput['items'] },
): Promise<TrainingResponse> {
  const items = body.content_list.map((i) => ({ title: i.title, content: i.content }));
  const first = items[0]?.title ?? '';
  return startTraining(deps, {
    userId,
    target: body,
    botName: first,
    sourceType: SOURCE_TYPES.textAndFiles,
    title: items.length === 1 ? first : `${first} and ${items.length - 1} more`,
    origin: null,
    source: { type: 'text', input: { items } },
    chars: textCharCount(items),
    documentsTotal: items.length,
    stage: 1,
  });
}

/** Q&A pairs entered by hand (upload/question_answers, stage 2). */
export function trainQaPairs(
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  userId: string,
  body: BotTarget & { question_answer: QaSourceInput['pairs'] },
): Promise<TrainingResponse> {
  const pairs = body.question_answer.map((p) => ({ question: p.question, answer: p.answer }));
  const first = pairs[0]?.question ?? '';
  return startTraining(deps, {
    userId,
    target: body,
    botName: first,
    sourceType: SOURCE_TYPES.question,
    title: `${pairs.length} question${pairs.length === 1 ? '' : 's'}`,
    origin: null,
    source: { type: 'qa', input: { pairs } },
    chars: qaCharCount(pairs),
    documentsTotal: pairs.length,
    stage: 2,
  });
}

/** A CSV of Q&A pairs, parsed here with the chosen columns (upload/question_answers + file). */
export function trainQaCsv(
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  userId: string,
  body: BotTarget & { questions: string; answers: string },
  file: { buffer: Buffer; filename: string },
): Promise<TrainingResponse> {
  const text = decodeCsv(file.buffer);
  if (text === null) throw badRequest(KNOWLEDGE_MESSAGES.csvNotText);
  const parsed = parseQaCsv(text, body.questions, body.answers);
  if (!parsed.ok) throw badRequest(parsed.message);
  const pairs = parsed.pairs;
  return startTraining(deps, {
    userId,
    target: body,
    botName: pairs[0]?.question ?? '',
    sourceType: SOURCE_TYPES.question,
    title: file.filename,
    // The user's file name is only ever displayed, never used as a path.
    origin: file.filename.slice(0, 255),
    source: { type: 'csv', input: { pairs } },
    chars: qaCharCount(pairs),
    documentsTotal: pairs.length,
    stage: 1,
  });
}
