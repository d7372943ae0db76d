import type { TrainingTarget } from '@docent/shared';
import { getSession, setSession } from '../../lib/session.ts';
import { storedValue } from '../../lib/stored-value.ts';

/**
 * The bot the onboarding source screens add to: a new one (botId null, with the name the owner
 * typed, if any) unless the owner chose one of theirs. It outlives moves between the screens of
 * one source (form, listing) and reloads, for this tab and this account.
 */
export interface ChosenTarget {
  userId: string;
  botId: string | null;
  name: string;
  /** When botId was chosen (ms): only a bot list fetched later can say the bot is gone. */
  since: number;
}

const NEW_BOT: ChosenTarget = { userId: '', botId: null, name: '', since: 0 };

const store = storedValue<ChosenTarget>({
  storage: () => sessionStorage,
  key: 'docent.training-target',
  empty: NEW_BOT,
  decode: (saved) => {
    const s = saved as Partial<ChosenTarget> | null;
    if (typeof s?.userId !== 'string') return null;
    return {
      userId: s.userId,
      botId: typeof s.botId === 'string' ? s.botId : null,
      name: typeof s.name === 'string' ? s.name : '',
      since: typeof s.since === 'number' ? s.since : 0,
    };
  },
  encode: (t) => (t.botId === null && t.name === '' ? null : t),
});

const currentUser = () => getSession().userId ?? getSession().user ?? '';

/** The choice of the signed-in account (another account's choice counts as "a new chatbot"). */
function chosen(t: ChosenTarget): ChosenTarget {
  return t.userId === currentUser() ? t : NEW_BOT;
}

export function useChosenTarget(): ChosenTarget {
  return chosen(store.use());
}

export function chooseBot(botId: string | null): void {
  store.set({ ...chosen(store.get()), userId: currentUser(), botId, since: Date.now() });
}

export function nameNewBot(name: string): void {
  store.set({ ...chosen(store.get()), userId: currentUser(), name });
}

/** Back to "a new chatbot" with no name: the dashboard's New AI Chatbot and Continue. */
export function startNewBot(): void {
  store.set(NEW_BOT);
}

/**
 * The bot a training call goes to: on the onboarding screens the owner's choice; in the
 * /datasource area (a bot's own pages) the bot being managed.
 */
export function trainingTarget(kind: 'onboarding' | 'datasource'): TrainingTarget {
  if (kind === 'datasource') return { bot_id: getSession().bot_id ?? null };
  const t = chosen(store.get());
  if (t.botId) return { bot_id: t.botId };
  const name = t.name.trim();
  return name ? { bot_id: null, bot_name: name } : { bot_id: null };
}

/**
 * A training call was accepted: its bot becomes the session's bot (docs/spec.md §4) and the one
 * the onboarding screens go on adding to, as they say, until the owner picks another or starts
 * a new one from the dashboard. Returns the bot's name.
 */
export function acceptTrained(
  kind: 'onboarding' | 'datasource',
  reply: { botId: string; bot_name: string },
): string {
  const name = reply.bot_name || getSession().bot_name || '';
  setSession({ bot_id: reply.botId, bot_name: name });
  if (kind === 'onboarding') {
    store.set({ userId: currentUser(), botId: reply.botId, name: '', since: Date.now() });
  }
  return name;
}
