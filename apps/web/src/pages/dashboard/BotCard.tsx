import { type BotListItem, RESOLUTION_DEFINITION } from '@docent/shared';
import {
  CircleCheck,
  CircleDashed,
  Database,
  Inbox,
  type LucideIcon,
  Palette,
  Settings,
  Trash2,
} from 'lucide-react';
import { Link } from 'react-router';
import { setSession } from '../../lib/session.ts';

const QUICK_START = [
  { flag: 'train_ai', label: 'Train AI', to: '/datasource/website-model' },
  { flag: 'first_message', label: 'Send the first message', to: '/chat' },
  { flag: 'image_training', label: 'Train on images', to: '/datasource/pdf' },
  { flag: 'customize_bot', label: 'Customize the look', to: '/customization' },
  { flag: 'embed_and_integrate', label: 'Embed & integrate', to: '/status' },
] as const;

const LINKS: { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Customize', to: '/customization', icon: Palette },
  { label: 'Data Source', to: '/datasource/website-model', icon: Database },
];

const STATUS_LABEL: Record<string, string> = {
  trained: 'Trained',
  processing: 'Training…',
  pending: 'Queued',
  failed: 'Failed',
};

export function BotCard({ bot, onDelete }: { bot: BotListItem; onDelete: () => void }) {
  // Every link acts on this bot: make it the stored one first (docs/spec.md §3 session).
  const select = () => setSession({ bot_id: bot.bot_id, bot_name: bot.bot_name });
  return (
    <li className="bot-card bot-card--full" data-testid="bot-card">
      <BotCardHead bot={bot} onSelect={select} onDelete={onDelete} />
      <dl className="bot-card__stats">
        <div>
          <dt>Messages</dt>
          <dd data-testid="bot-messages">{bot.messages}</dd>
        </div>
        <div>
          <dt>Conversations</dt>
          <dd data-testid="bot-conversations">{bot.conversations}</dd>
        </div>
        <div title={RESOLUTION_DEFINITION}>
          <dt>Resolutions</dt>
          <dd data-testid="bot-resolutions">{bot.resolutions}</dd>
        </div>
      </dl>
      <QuickStartChecklist bot={bot} onSelect={select} />
      <nav className="bot-card__links" aria-label={`${bot.bot_name} links`}>
        {LINKS.map(({ label, to, icon: Icon }) => (
          <Link key={label} to={to} className="bot-card__link" onClick={select}>
            <Icon size={15} aria-hidden="true" /> {label}
          </Link>
        ))}
        {/* docs/spec.md §2 leaves the Inbox action open: it opens this bot's conversations. */}
        <Link to="/inbox" className="bot-card__link" onClick={select}>
          <Inbox size={15} aria-hidden="true" /> Inbox
        </Link>
        <Link to="/chatbot-settings" className="bot-card__link" onClick={select}>
          <Settings size={15} aria-hidden="true" /> Settings
        </Link>
      </nav>
    </li>
  );
}

function BotCardHead({
  bot,
  onSelect,
  onDelete,
}: {
  bot: BotListItem;
  onSelect: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="bot-card__head">
      <span className="bot-card__avatar" aria-hidden="true">
        {bot.bot_name.trim().charAt(0).toUpperCase() || 'B'}
      </span>
      <div className="bot-card__heading">
        <Link to="/preview" className="bot-card__name" onClick={onSelect}>
          {bot.bot_name}
        </Link>
        <span className={`bot-card__status bot-card__status--${bot.status}`}>
          {STATUS_LABEL[bot.status] ?? bot.status}
        </span>
        <span className="bot-card__meta">{bot.total_chars.toLocaleString('en-US')} characters</span>
      </div>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={`Delete chatbot ${bot.bot_name}`}
        title="Delete chatbot"
        onClick={onDelete}
      >
        <Trash2 size={17} />
      </button>
    </div>
  );
}

/** The five quick-start steps of the bot list (docs/spec.md §3), each linking to its page. */
function QuickStartChecklist({ bot, onSelect }: { bot: BotListItem; onSelect: () => void }) {
  const done = QUICK_START.filter((q) => bot[q.flag]).length;
  return (
    <div className="quick-start">
      <p className="quick-start__title">
        Quick start
        <span className="quick-start__count">{`${done}/${QUICK_START.length}`}</span>
      </p>
      <ul className="quick-start__list">
        {QUICK_START.map(({ flag, label, to }) => {
          const state = bot[flag] ? 'completed' : 'todo';
          return (
            <li
              key={flag}
              className={`quick-start__item quick-start__item--${state}`}
              data-flag={flag}
              data-state={state}
            >
              {state === 'completed' ? (
                <CircleCheck size={16} aria-hidden="true" />
              ) : (
                <CircleDashed size={16} aria-hidden="true" />
              )}
              <Link to={to} onClick={onSelect}>
                {label}
              </Link>
              {state === 'completed' && <span className="sr-only">(completed)</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
