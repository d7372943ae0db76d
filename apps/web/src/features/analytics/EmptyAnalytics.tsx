import type { BotListItem } from '@docent/shared';
import { BarChart3, Code2, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { setSession } from '../../lib/session.ts';

/**
 * What the page shows when the range has no conversation: for bots that never talked yet,
 * the two steps that change that; otherwise a way to widen the range.
 */
export function EmptyAnalytics({
  bots,
  neverTalked,
  onWiden,
}: {
  /** The bots in scope (one when a bot is picked). */
  bots: BotListItem[];
  neverTalked: boolean;
  /** Switches to the longest preset; absent when already there. */
  onWiden?: (() => void) | undefined;
}) {
  const only = bots.length === 1 ? bots[0] : undefined;
  const select = () => only && setSession({ bot_id: only.bot_id, bot_name: only.bot_name });
  if (!neverTalked) {
    return (
      <section className="panel an-empty" data-testid="analytics-empty">
        <span className="an-empty__icon" aria-hidden="true">
          <BarChart3 size={24} />
        </span>
        <h2 className="an-empty__title">No conversations in this range</h2>
        <p className="an-empty__text">
          Your chatbots have talked before, just not on these days. Pick a longer range to see them.
        </p>
        {onWiden && (
          <Button variant="secondary" onClick={onWiden}>
            Show the last 90 days
          </Button>
        )}
      </section>
    );
  }
  return (
    <section className="panel an-empty" data-testid="analytics-empty">
      <span className="an-empty__icon" aria-hidden="true">
        <BarChart3 size={24} />
      </span>
      <h2 className="an-empty__title">
        {only ? `${only.bot_name} has not had a conversation yet` : 'No conversations yet'}
      </h2>
      <p className="an-empty__text">
        Once visitors chat, this page counts conversations per day, how many questions were
        answered, thumbs up and down, answer times, the questions asked most and the sources the
        answers cite. Questions the bot could not answer appear under Knowledge gaps.
      </p>
      <ol className="an-empty__steps">
        <li>
          <MessageCircle size={18} aria-hidden="true" />
          <span>
            <Link to={only ? '/chat' : '/dashboard'} onClick={select}>
              Ask it a question yourself
            </Link>{' '}
            to see an answer and its sources.
          </span>
        </li>
        <li>
          <Code2 size={18} aria-hidden="true" />
          <span>
            <Link to={only ? '/status' : '/dashboard'} onClick={select}>
              Put it on your website
            </Link>{' '}
            with the embed snippet, so visitors can ask.
          </span>
        </li>
      </ol>
    </section>
  );
}
