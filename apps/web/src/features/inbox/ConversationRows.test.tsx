import type { InboxConversation, InboxPage } from '@docent/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConversationRows } from './ConversationRows.tsx';

const conversation = (n: number): InboxConversation => ({
  conversation_id: `c${n}`,
  bot_id: 'b1',
  bot_name: 'Support',
  channel: 'widget',
  country: null,
  title: `Question ${n}`,
  turn_count: 2,
  unanswered: 0,
  thumbs_up: 0,
  thumbs_down: 0,
  resolved: true,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});

function render(page: Omit<InboxPage, 'items'>, rows: number): string {
  const data = { ...page, items: Array.from({ length: rows }, (_, i) => conversation(i)) };
  return renderToStaticMarkup(
    <MemoryRouter>
      <ConversationRows
        data={data}
        hrefOf={(id) => `/inbox/${id}`}
        onPage={() => {}}
        lastOpened={null}
      />
    </MemoryRouter>,
  );
}

const nextButton = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*Next/)?.[0] ?? '';

describe('inbox pager (web)', () => {
  it('shows a search count that stopped at its cap as a lower bound and keeps Next open', () => {
    const html = render({ total: 1000, total_capped: true, page: 1, page_size: 25 }, 25);
    expect(html).toContain('1–25 of 1,000+');
    expect(html).toContain('Page 1 of 40+');
    expect(nextButton(html)).not.toContain('disabled');
  });

  it('shows the exact count on the last page and closes Next there', () => {
    const html = render({ total: 1012, total_capped: false, page: 41, page_size: 25 }, 12);
    expect(html).toContain('1,001–1,012 of 1,012');
    expect(html).toContain('Page 41 of 41');
    expect(html).not.toContain('+');
    expect(nextButton(html)).toContain('disabled');
  });
});
