import { describe, expect, it } from 'vitest';
import { timeAgo } from './time.ts';
import { fromStored, shownAnswer } from './turn.ts';

const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('chat helpers', () => {
  it('says how long ago a conversation started', () => {
    expect(timeAgo('2025-03-10T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2025-03-10T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(timeAgo('2025-03-09T12:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('not a date', NOW)).toBe('');
  });

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
