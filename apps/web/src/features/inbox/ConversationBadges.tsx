import type { InboxConversation } from '@docent/shared';
import { CircleAlert, CircleCheck, ThumbsDown, ThumbsUp } from 'lucide-react';
import { CHANNEL_LABEL } from '../../lib/chat-channels.ts';

/** Channel, country, and what happened in the conversation, as small labelled chips. */
export function ConversationBadges({ c }: { c: InboxConversation }) {
  return (
    <span className="inbox-badges">
      <span className={`inbox-chip inbox-chip--${c.channel}`}>{CHANNEL_LABEL[c.channel]}</span>
      {c.country && (
        <span className="inbox-chip" title="Visitor's country">
          {c.country}
        </span>
      )}
      {c.thumbs_up > 0 && (
        <span className="inbox-chip inbox-chip--up">
          <ThumbsUp size={13} aria-hidden="true" />
          <span className="sr-only">Thumbs up:</span> {c.thumbs_up}
        </span>
      )}
      {c.thumbs_down > 0 && (
        <span className="inbox-chip inbox-chip--down">
          <ThumbsDown size={13} aria-hidden="true" />
          <span className="sr-only">Thumbs down:</span> {c.thumbs_down}
        </span>
      )}
      {c.unanswered > 0 && (
        <span className="inbox-chip inbox-chip--warn">
          <CircleAlert size={13} aria-hidden="true" /> {c.unanswered} unanswered
        </span>
      )}
      {c.resolved && (
        <span className="inbox-chip inbox-chip--ok">
          <CircleCheck size={13} aria-hidden="true" /> Resolved
        </span>
      )}
    </span>
  );
}
