import type { FeedbackRating } from '@docent/shared';
import { Bot } from 'lucide-react';
import { AnswerFeedback } from './AnswerFeedback.tsx';
import { Markdown } from './markdown.tsx';
import { SourceList } from './SourceList.tsx';
import type { Turn } from './turn.ts';
import './chat-turn.css';

/** One question and its answer; the answer is 'Loading...' until text arrives. */
export function ChatTurnView({
  turn,
  onRate,
}: {
  turn: Turn;
  onRate: (turn: Turn, rating: FeedbackRating) => void;
}) {
  const waiting = turn.answer === null;
  return (
    <li className="chat-turn" data-testid="chat-turn">
      <div className="chat-msg chat-msg--user">
        <p className="chat-bubble chat-bubble--user" data-testid="chat-question">
          {turn.question}
        </p>
      </div>
      <div className="chat-msg chat-msg--bot">
        <span className="chat-avatar" aria-hidden="true">
          <Bot size={16} />
        </span>
        <div className="chat-msg__body">
          <div
            className={`chat-bubble chat-bubble--bot${waiting ? ' chat-bubble--waiting' : ''}`}
            data-testid="chat-answer"
            aria-busy={turn.streaming || undefined}
          >
            {waiting ? (
              <p className="chat-loading">
                {turn.streaming && <span className="chat-dots" aria-hidden="true" />}
                Loading...
              </p>
            ) : (
              <Markdown text={turn.answer ?? ''} />
            )}
            {turn.streaming && !waiting && <span className="chat-caret" aria-hidden="true" />}
          </div>
          {turn.sources.length > 0 && <SourceList sources={turn.sources} />}
          {turn.turnId && !turn.streaming && (
            <AnswerFeedback rating={turn.feedback} onRate={(r) => onRate(turn, r)} />
          )}
        </div>
      </div>
    </li>
  );
}
