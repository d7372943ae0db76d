import { describe, expect, it } from 'vitest';
import { fromStored, shownAnswer } from './turn.ts';

describe('chat turns', () => {
  it("shows an empty answer as the spec's message, and stored turns as finished ones", () => {
    expect(shownAnswer('  ')).toBe("Sorry, I couldn't understand that.");
    expect(shownAnswer('Yes.')).toBe('Yes.');
    const turn = fromStored({
      turn_id: 't1',
      feedback: null,
      question: 'Q',
      answer: '',
      sources: [],
      created_at: '',
    });
    expect(turn).toMatchObject({ question: 'Q', streaming: false, sources: [] });
    expect(turn.answer).toBe("Sorry, I couldn't understand that.");
  });
});
