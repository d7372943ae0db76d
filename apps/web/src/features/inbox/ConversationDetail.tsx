import type { InboxDetail, InboxTurn } from '@docent/shared';
import { ArrowLeft, Bot, CircleAlert, ThumbsDown, ThumbsUp, User } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { fullDate } from '../../lib/time.ts';
import { Markdown, SourceList } from '../chat/index.ts';
import { ConversationBadges } from './ConversationBadges.tsx';
import './inbox-detail.css';

/** One conversation: every question and answer, with its sources, feedback and timing. */
export function ConversationDetail({ detail, backTo }: { detail: InboxDetail; backTo: string }) {
  const { conversation: c, turns } = detail;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="inbox-detail" aria-labelledby="inbox-detail-title">
      <header className="inbox-detail__head">
        <Link to={backTo} className="btn btn--ghost btn--sm inbox-detail__back">
          <ArrowLeft size={16} aria-hidden="true" /> All conversations
        </Link>
        <h2 id="inbox-detail-title" className="inbox-detail__title" ref={heading} tabIndex={-1}>
          {c.title || 'Untitled conversation'}
        </h2>
        <p className="inbox-detail__meta">
          Started {fullDate(c.created_at)} · {c.turn_count}{' '}
          {c.turn_count === 1 ? 'message' : 'messages'}
        </p>
        <ConversationBadges c={c} />
      </header>
      <ol className="inbox-turns" data-testid="inbox-turns">
        {turns.map((t) => (
          <TurnCard key={t.turn_id} turn={t} />
        ))}
      </ol>
    </article>
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

function TurnCard({ turn }: { turn: InboxTurn }) {
  return (
    <li className="inbox-turn" data-testid="inbox-turn">
      <div className="inbox-turn__q">
        <span className="inbox-turn__who" aria-hidden="true">
          <User size={15} />
        </span>
        <div>
          <p className="inbox-turn__label">Visitor</p>
          <p className="inbox-turn__question">{turn.question}</p>
        </div>
      </div>
      <div className="inbox-turn__a">
        <span className="inbox-turn__who inbox-turn__who--bot" aria-hidden="true">
          <Bot size={15} />
        </span>
        <div className="inbox-turn__body">
          <p className="inbox-turn__label">Answer</p>
          <div className="inbox-turn__answer">
            <Markdown text={turn.answer} />
          </div>
          {turn.sources.length > 0 && <SourceList sources={turn.sources} />}
          <p className="inbox-turn__meta">
            <time dateTime={turn.created_at}>{fullDate(turn.created_at)}</time>
            {turn.latency_ms !== null && <span>answered in {seconds(turn.latency_ms)}</span>}
            {!turn.answered && (
              <span className="inbox-chip inbox-chip--warn">
                <CircleAlert size={13} aria-hidden="true" /> Unanswered
              </span>
            )}
            <Feedback rating={turn.feedback} />
          </p>
        </div>
      </div>
    </li>
  );
}

function Feedback({ rating }: { rating: InboxTurn['feedback'] }) {
  if (rating === 'up') {
    return (
      <span className="inbox-chip inbox-chip--up" data-testid="turn-feedback">
        <ThumbsUp size={13} aria-hidden="true" /> Helpful
      </span>
    );
  }
  if (rating === 'down') {
    return (
      <span className="inbox-chip inbox-chip--down" data-testid="turn-feedback">
        <ThumbsDown size={13} aria-hidden="true" /> Not helpful
      </span>
    );
  }
  return null;
}
