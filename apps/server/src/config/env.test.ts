import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('LLM_QUERY_EXPANSION', () => {
  it('is on unless set to false or 0, and refuses anything else', () => {
    const expansion = (value?: string) =>
      loadEnv({ LLM_QUERY_EXPANSION: value }).LLM_QUERY_EXPANSION;
    expect(expansion()).toBe(true);
    expect(expansion('')).toBe(true);
    expect(expansion('true')).toBe(true);
    expect(expansion('1')).toBe(true);
    expect(expansion('false')).toBe(false);
    expect(expansion('0')).toBe(false);
    expect(() => expansion('off')).toThrow(/LLM_QUERY_EXPANSION/);
  });
});
