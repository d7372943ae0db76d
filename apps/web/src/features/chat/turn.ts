import { type ChatSource, type ChatTurn, type FeedbackRating, MESSAGES } from '@docent/shared';

export interface Turn {
  key: string;
  question: string;
  /** null while no text has arrived: shown as 'Loading...' (and kept so after an error). */
  answer: string | null;
  sources: ChatSource[];
  streaming: boolean;
  /** The stored answer's id ('' until the answer is stored): what a vote names. */
  turnId: string;
  /** The owner's thumbs up/down on this answer. */
  feedback: FeedbackRating;
}

let nextKey = 0;
export const newTurnKey = () => `turn-${++nextKey}`;

/** A question just sent: its answer streams in next. */
export const askedTurn = (key: string, question: string): Turn => ({
  key,
  question,
  answer: null,
  sources: [],
  streaming: true,
  turnId: '',
  feedback: null,
});

/** An empty answer reads as the spec's "could not understand" (docs/spec.md §8). */
export const shownAnswer = (answer: string) =>
  answer.trim() === '' ? MESSAGES.chatEmptyAnswer : answer;

/** A stored turn, as the conversation shows it. */
export const fromStored = (t: ChatTurn): Turn => ({
  key: newTurnKey(),
  question: t.question,
  answer: shownAnswer(t.answer),
  sources: t.sources ?? [],
  streaming: false,
  turnId: t.turn_id ?? '',
  feedback: t.feedback ?? null,
});
