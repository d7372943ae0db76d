import { type ChatSource, PAGE_SCHEMES, safeHref, sourceSection } from '@docent/shared';
import { ExternalLink, FileText } from 'lucide-react';
import './chat-turn.css';

/** The sources under an answer: links to pages (at their section), plain titles otherwise. */
export function SourceList({ sources }: { sources: ChatSource[] }) {
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
