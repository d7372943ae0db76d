import { describe, expect, it } from 'vitest';
import { stripRepeatedLines } from './boilerplate.ts';

const page = (body: string) => ({ text: body, tokenCount: body.length });

describe('stripRepeatedLines', () => {
  it('drops template lines repeated on most pages, keeps content, section headings and code', () => {
    const pages = Array.from({ length: 10 }, (_, i) =>
      page(
        [
          '# Acme v1.2 documentation',
          '- Other versions',
          '- Edit on GitHub',
          `## Page ${i}`,
          '## Returns',
          `Unique content of page ${i}.`,
          '    return value;',
          i < 5 ? 'Note' : 'Something else entirely',
        ].join('\n'),
      ),
    );
    expect(stripRepeatedLines(pages)).toBe(3);
    expect(pages[3]?.text).toBe(
      ['## Page 3', '## Returns', 'Unique content of page 3.', '    return value;', 'Note'].join(
        '\n',
      ),
    );
    expect(pages[3]?.tokenCount).toBe(pages[3]?.text.length);
  });

  it('leaves small crawls alone', () => {
    const pages = [page('Menu\nA'), page('Menu\nB'), page('Menu\nC')];
    expect(stripRepeatedLines(pages)).toBe(0);
    expect(pages[0]?.text).toBe('Menu\nA');
  });
});
