import { BOT_NAME_MAX } from '@docent/shared';
import { Bot } from 'lucide-react';
import { useEffect, useId } from 'react';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { useBotList } from './bots.api.ts';
import { chooseBot, nameNewBot, useChosenTarget } from './training-target.ts';
import './target-bot.css';

/**
 * Says which chatbot the content of an onboarding source screen goes into, and lets the owner
 * change it: a new chatbot (which they may name) unless they pick one of theirs.
 */
export function TargetBotPicker() {
  const ids = useId();
  const bots = useBotList();
  const target = useChosenTarget();
  const list = bots.data ?? [];
  const chosen = target.botId ? list.find((b) => b.bot_id === target.botId) : undefined;
  // A chosen bot deleted meanwhile (another tab): back to a new one. Only a list fetched after
  // the choice can tell: the cached one lacks the bot a training call has just created.
  const gone = Boolean(
    target.botId && bots.data && !chosen && !bots.isFetching && bots.dataUpdatedAt > target.since,
  );

  useEffect(() => {
    if (gone) chooseBot(null);
  }, [gone]);

  return (
    <section className="panel target-bot" aria-labelledby={`${ids}-title`}>
      <span className="target-bot__icon" aria-hidden="true">
        <Bot size={20} />
      </span>
      <div className="target-bot__body">
        <h2 className="target-bot__title" id={`${ids}-title`}>
          {chosen
            ? `Adding to ${chosen.bot_name}`
            : target.botId
              ? 'Chatbot' // the chosen bot, until the list has loaded
              : 'Creating a new chatbot'}
        </h2>
        <div className="target-bot__fields">
          <FieldFrame inputId={`${ids}-bot`} label="Chatbot">
            <select
              id={`${ids}-bot`}
              className="input kb-select"
              value={chosen?.bot_id ?? ''}
              onChange={(e) => chooseBot(e.target.value || null)}
            >
              <option value="">New chatbot</option>
              {list.map((b) => (
                <option key={b.bot_id} value={b.bot_id}>
                  {b.bot_name}
                </option>
              ))}
            </select>
          </FieldFrame>
          {chosen ? (
            <p className="target-bot__note">
              What you train here is added to what {chosen.bot_name} already knows.
            </p>
          ) : target.botId ? null : (
            <TextField
              label="Name"
              name="bot_name"
              placeholder="e.g. Acme Support"
              maxLength={BOT_NAME_MAX}
              autoComplete="off"
              value={target.name}
              onChange={(e) => nameNewBot(e.target.value)}
              hint="Leave it empty to name the chatbot after your content. You can rename it later."
            />
          )}
        </div>
      </div>
    </section>
  );
}
