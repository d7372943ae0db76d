import { describe, expect, it } from 'vitest';
import { cleanCaptionText } from './entities.ts';
import { parseTimedText } from './timedtext.ts';

describe('caption text', () => {
  it('decodes entities, double-encoded ones too, and drops formatting tags', () => {
    expect(cleanCaptionText('If you&#39;ve heard')).toBe("If you've heard");
    expect(cleanCaptionText('Tom &amp;amp; Jerry &amp;#39;s')).toBe("Tom & Jerry 's");
    expect(cleanCaptionText('this is &lt;i>not&lt;/i> the&nbsp;original\n text')).toBe(
      'this is not the original text',
    );
    expect(cleanCaptionText('&#x1F600; &bogus; &#0;')).toBe('😀 &bogus; &#0;');
  });

  it('reads srv1, srv3 and json3 timed text', () => {
    expect(
      parseTimedText(
        '<transcript><text start="1.5" dur="2">a &amp;#39;b</text><text start="4" dur="1"></text></transcript>',
      ),
    ).toEqual([{ start: 1.5, duration: 2, text: "a 'b" }]);
    expect(
      parseTimedText(
        '<timedtext><body><p t="1500" d="2000"><s>Hello</s><s> world</s></p></body></timedtext>',
      ),
    ).toEqual([{ start: 1.5, duration: 2, text: 'Hello world' }]);
    expect(
      parseTimedText(
        JSON.stringify({
          events: [
            { tStartMs: 0, dDurationMs: 900, segs: [{ utf8: 'Hi' }, { utf8: ' there' }] },
            { tStartMs: 5 },
          ],
        }),
      ),
    ).toEqual([{ start: 0, duration: 0.9, text: 'Hi there' }]);
  });
});
