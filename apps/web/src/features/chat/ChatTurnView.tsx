import { type ChatSource, PAGE_SCHEMES, safeHref, sourceSection } from '@docent/shared';
import { Bot, ExternalLink, FileText } from 'lucide-react';
import { Markdown } from './markdown.tsx';
import type { Turn } from './turn.ts';
import './chat-turn.css';

/** One question and its answer; the answer is 'Loading...' until text arrives. */
export function ChatTurnView({ turn }: { turn: Turn }) {
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
        </div>
      </div>
    </li>
  );
}

function SourceList({ sources }: { sources: ChatSource[] }) {
  return (
    <div className="chat-sources" data-testid="chat-sources">
      <span className="chat-sources__label">Sources</span>
      <ul className="chat-sources__list">
        {sources.map((source, i) => {
          // At the section's anchor when the page has one, else the page itself.
          const href = safeHref(source.link ?? source.url, PAGE_SCHEMES);
          const title = source.title.trim() || source.url || 'Untitled source';
          const section = sourceSection(source);
          return (
            <li key={source.chunk_id || i} className="chat-source">
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  title={href}
                  className="chat-source__link"
                >
                  <ExternalLink size={13} aria-hidden="true" />
                  <span>{title}</span>
                  {section && <span className="chat-source__section">{section}</span>}
                </a>
              ) : (
                <span className="chat-source__link chat-source__link--plain">
                  <FileText size={13} aria-hidden="true" />
                  <span>{title}</span>
                  {section && <span className="chat-source__section">{section}</span>}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
