import type { BotListItem } from '@docent/shared';
import { CircleCheck, CircleDashed, X } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { useAppState } from '../../lib/app-state.tsx';
import './quick-start.css';

const STEPS = [
  { flag: 'train_ai', label: 'Train your AI', hint: 'Add a data source', to: '/dashboard' },
  {
    flag: 'first_message',
    label: 'Send your first message',
    hint: 'Ask a question here',
    to: '/chat',
  },
  {
    flag: 'image_training',
    label: 'Train on images',
    hint: 'Upload up to 10 images',
    to: '/datasource/pdf',
  },
  {
    flag: 'customize_bot',
    label: 'Customize your chatbot',
    hint: 'Colours and logo',
    to: '/customization',
  },
  {
    flag: 'embed_and_integrate',
    label: 'Embed & integrate',
    hint: 'Add it to your website',
    to: '/status',
  },
] as const;

/**
 * The quick-start guide beside the chat (docs/spec.md §2): each step's flag from the bot list,
 * undefined showing loading and true completed. Hiding sets showQuickStart (docs/spec.md §4).
 */
export function QuickStartPanel({
  bot,
}: {
  bot: Pick<BotListItem, (typeof STEPS)[number]['flag']> | undefined;
}) {
  const { showQuickStart, setShowQuickStart } = useAppState();
  if (showQuickStart) return null;
  const done = STEPS.filter((s) => bot?.[s.flag] === true).length;
  return (
    <aside className="qs-panel" aria-labelledby="quick-start-title">
      <div className="qs-panel__head">
        <div>
          <h2 id="quick-start-title" className="qs-panel__title">
            Quick-start guide
          </h2>
          <p className="qs-panel__progress">
            {done} of {STEPS.length} completed
          </p>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Hide quick-start guide"
          title="Hide"
          onClick={() => setShowQuickStart(true)}
        >
          <X size={18} />
        </button>
      </div>
      <div
        className="qs-panel__bar"
        role="progressbar"
        aria-label="Quick-start progress"
        aria-valuemin={0}
        aria-valuemax={STEPS.length}
        aria-valuenow={done}
      >
        <span style={{ width: `${(done / STEPS.length) * 100}%` }} />
      </div>
      <ol className="qs-panel__steps">
        {STEPS.map((step) => {
          const state = bot?.[step.flag];
          return (
            <li
              key={step.flag}
              className={`qs-panel__step${state === true ? ' qs-panel__step--done' : ''}`}
              data-testid={`quick-start-${step.flag}`}
            >
              <span className="qs-panel__icon">
                {state === undefined ? (
                  <Spinner size={16} label="Loading" />
                ) : state ? (
                  <CircleCheck size={18} aria-label="Completed" />
                ) : (
                  <CircleDashed size={18} aria-label="Not done yet" />
                )}
              </span>
              <span className="qs-panel__text">
                <Link to={step.to} className="qs-panel__link">
                  {step.label}
                </Link>
                <span className="qs-panel__hint">{state ? 'Completed' : step.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
