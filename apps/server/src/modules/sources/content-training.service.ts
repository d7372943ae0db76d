import { KNOWLEDGE_MESSAGES, SOURCE_TYPES, type TrainingResponse } from '@docent/shared';
import type { AppContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { decodeCsv, parseQaCsv } from '../../ingest/sources/csv.ts';
import { type QaSourceInput, qaCharCount } from '../../ingest/sources/qa.ts';
import { type TextSourceInput, textCharCount } from '../../ingest/sources/text.ts';
import { startTraining } from './training.service.ts';

/** Typed and imported texts (upload/text, stage 1). */
export function trainTexts(
  ctx: AppContext,
  userId: string,
  body: { bot_id: string | undefined; content_list: TextSourceInput['items'] },
): Promise<TrainingResponse> {
  const items = body.content_list.map((i) => ({ title: i.title, content: i.content }));
  const first = items[0]?.title ?? '';
  return startTraining(ctx, {
    userId,
    botId: body.bot_id,
    botName: first,
    type: 'text',
    sourceType: SOURCE_TYPES.textAndFiles,
    title: items.length === 1 ? first : `${first} and ${items.length - 1} more`,
    origin: null,
    input: { items } satisfies TextSourceInput,
    chars: textCharCount(items),
    documentsTotal: items.length,
    stage: 1,
  });
}

/** Q&A pairs entered by hand (upload/question_answers, stage 2). */
export function trainQaPairs(
  ctx: AppContext,
  userId: string,
  body: { bot_id: string | undefined; question_answer: QaSourceInput['pairs'] },
): Promise<TrainingResponse> {
  const pairs = body.question_answer.map((p) => ({ question: p.question, answer: p.answer }));
  const first = pairs[0]?.question ?? '';
  return startTraining(ctx, {
    userId,
    botId: body.bot_id,
    botName: first,
    type: 'qa',
    sourceType: SOURCE_TYPES.question,
    title: `${pairs.length} question${pairs.length === 1 ? '' : 's'}`,
    origin: null,
    input: { pairs } satisfies QaSourceInput,
    chars: qaCharCount(pairs),
    documentsTotal: pairs.length,
    stage: 2,
  });
}

/** A CSV of Q&A pairs, parsed here with the chosen columns (upload/question_answers + file). */
export function trainQaCsv(
  ctx: AppContext,
  userId: string,
  body: { bot_id: string | undefined; questions: string; answers: string },
  file: { buffer: Buffer; filename: string },
): Promise<TrainingResponse> {
  const text = decodeCsv(file.buffer);
  if (text === null) throw badRequest(KNOWLEDGE_MESSAGES.csvNotText);
  const parsed = parseQaCsv(text, body.questions, body.answers);
  if (!parsed.ok) throw badRequest(parsed.message);
  const pairs = parsed.pairs;
  return startTraining(ctx, {
    userId,
    botId: body.bot_id,
    botName: pairs[0]?.question ?? '',
    type: 'csv',
    sourceType: SOURCE_TYPES.question,
    title: file.filename,
    // The user's file name is only ever displayed, never used as a path.
    origin: file.filename.slice(0, 255),
    input: { pairs } satisfies QaSourceInput,
    chars: qaCharCount(pairs),
    documentsTotal: pairs.length,
    stage: 1,
  });
}
