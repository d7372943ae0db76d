import { describe, expect, it } from 'vitest';
import { groupIdOf, groupQuestions } from './question-groups.ts';

describe('groupQuestions', () => {
  it('groups wordings of the same question and keeps different questions apart', () => {
    const groups = groupQuestions([
      { question: 'How do I return an item?', count: 3 },
      { question: 'What are your opening hours?', count: 2 },
      { question: 'how can I return items', count: 2 },
      { question: 'Return an item, how?', count: 1 },
      { question: 'When are you open on Sunday?', count: 1 },
    ]);
    expect(groups.map((g) => [g.question, g.count, g.members.length])).toEqual([
      ['How do I return an item?', 6, 3],
      ['What are your opening hours?', 2, 1],
      ['When are you open on Sunday?', 1, 1],
    ]);
  });

  it('names a group by its leading wording’s terms, whatever the case or punctuation', () => {
    expect(groupIdOf('How do I return an item?')).toBe(groupIdOf('how can i RETURN items'));
    expect(groupIdOf('How do I return an item?')).not.toBe(groupIdOf('Opening hours?'));
    expect(groupIdOf('hi')).toMatch(/^[0-9a-f]{16}$/);
  });
});
