import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV export cells', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell(-3)).toBe('-3'); // numbers the export writes itself stay numbers
  });

  it('quotes separators, quotes and line breaks, and ends rows with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"\nbye'],
          [null, true],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi""\nbye"\r\n,true\r\n');
  });
});
