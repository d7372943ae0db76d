import { type ChatSource, type ChatTurn, MESSAGES } from '@docent/shared';

export interface Turn {
  key: string;
  question: string;
  /** null while no text has arrived: shown as 'Loading...' (and kept so after an error). */
  answer: string | null;
  sources: ChatSource[];
  streaming: boolean;
}

let nextKey = 0;
export const newTurnKey = () => `turn-${++nextKey}`;

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
});
