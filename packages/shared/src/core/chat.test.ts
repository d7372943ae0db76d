import { describe, expect, it } from 'vitest';
import { clockTime, sourceSection } from './chat.ts';

describe('sourceSection: where in a cited source the answer is', () => {
  it('names the last heading, a PDF page and a video time', () => {
    expect(sourceSection({ section: 'Guide › Returns' })).toBe('Returns');
    expect(sourceSection({ section: 'Maintenance', page: 12 })).toBe('Maintenance · page 12');
    expect(sourceSection({ time_seconds: 75 })).toBe('at 1:15');
    expect(sourceSection({ time_seconds: 0 })).toBe('at 0:00');
    expect(sourceSection({ section: null })).toBeNull();
  });

  it('writes video times as a player shows them', () => {
    expect(clockTime(3725)).toBe('1:02:05');
    expect(clockTime(59.9)).toBe('0:59');
  });
});
