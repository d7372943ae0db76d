import { describe, expect, it } from 'vitest';
import { timeAgo } from './time.ts';

const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('time', () => {
  it('says how long ago a conversation started', () => {
    expect(timeAgo('2025-03-10T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2025-03-10T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(timeAgo('2025-03-09T12:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});
