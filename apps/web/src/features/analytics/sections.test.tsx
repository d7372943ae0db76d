import type { AnalyticsSummary, KnowledgeGap } from '@docent/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Breakdowns } from './Breakdowns.tsx';
import { DailyTable } from './DailyTable.tsx';
import { GapRow } from './GapRow.tsx';

const summary: AnalyticsSummary = {
  from: '2026-11-23',
  to: '2026-11-24',
  tz: 'UTC',
  conversations: 3,
  messages: 7,
  unanswered: 2,
  thumbs_up: 1,
  thumbs_down: 0,
  resolutions: 1,
  latency_ms: { median: 300, p95: 900 },
  per_day: [
    { date: '2026-11-23', conversations: 1, messages: 3, unanswered: 1 },
    { date: '2026-11-24', conversations: 2, messages: 4, unanswered: 1 },
  ],
  channels: [{ channel: 'widget', conversations: 3 }],
  countries: [{ country: 'NL', conversations: 2 }],
  top_questions: [{ question: 'How do I reset my password?', count: 4 }],
  top_sources: [
    { title: 'Reset guide', url: 'https://docs.example.com/reset', count: 5 },
    { title: 'Sneaky', url: 'javascript:alert(1)', count: 1 },
  ],
  uncited_sources: [{ title: 'Old page', url: null }],
};

describe('analytics sections (web)', () => {
  it('the table behind the chart has one row per day and the totals', () => {
    const html = renderToStaticMarkup(<DailyTable days={summary.per_day} />);
    expect(html.match(/<tr>/g)).toHaveLength(1 + 2 + 1);
    expect(html).toContain('<th scope="col">Unanswered</th>');
    expect(html).toMatch(/Total<\/th><td>3<\/td><td>7<\/td><td>2<\/td>/);
  });

  it('breakdowns name channels and countries, and link sources only over http(s)', () => {
    const html = renderToStaticMarkup(<Breakdowns s={summary} />);
    expect(html).toContain('Website widget');
    expect(html).toContain('Netherlands');
    expect(html).toContain('How do I reset my password?');
    expect(html).toContain('href="https://docs.example.com/reset"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Sneaky');
    expect(html).toContain('Old page');
    expect(html).toMatch(/Answered <strong>71%<\/strong>/);
  });

  it('a gap row says how often and when it was asked, and why it is a gap', () => {
    const gap: KnowledgeGap = {
      gap_id: 'g1',
      bot_id: 'b1',
      question: 'Do you ship to Mars?',
      count: 3,
      last_asked: '2026-11-24T10:00:00.000Z',
      unanswered: 2,
      thumbs_down: 1,
      variants: ['do you ship to mars'],
    };
    const html = renderToStaticMarkup(
      <GapRow gap={gap} botName="Support" busy={false} onAnswer={() => {}} onDismiss={() => {}} />,
    );
    expect(html).toContain('Asked 3 times');
    expect(html).toContain('dateTime="2026-11-24T10:00:00.000Z"');
    expect(html).toContain('2 unanswered, 1 thumbs-down');
    expect(html).toContain('Also asked as: do you ship to mars');
    expect(html).toContain('Support');
    expect(html).toContain('aria-label="Add answer: Do you ship to Mars?"');
  });
});
