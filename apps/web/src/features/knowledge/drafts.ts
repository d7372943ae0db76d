import { useMemo } from 'react';
import { DRAFT_KEY_PREFIX, useSession } from '../../lib/session.ts';
import { type StoredValue, storedValue } from '../../lib/stored-value.ts';
import { useChosenTarget } from '../bots/index.ts';
import type { KnowledgeFlow } from './flows.ts';

/** A text or Q&A item of the local training lists (docs/spec.md §3), addressed by index. */
export interface ContentItem {
  title: string;
  content: string;
}

/**
 * Texts and Q&A pairs added but not trained yet, kept per account and per bot in local storage
 * until they are trained or the owner cancels them: a reload, a visit elsewhere, even an expired
 * session does not lose them.
 */
export interface Draft {
  texts: ContentItem[];
  questions: ContentItem[];
}
export type DraftList = keyof Draft;

const EMPTY: Draft = { texts: [], questions: [] };

const isItem = (v: unknown): v is ContentItem =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ContentItem).title === 'string' &&
  typeof (v as ContentItem).content === 'string';
const items = (v: unknown): ContentItem[] => (Array.isArray(v) ? v.filter(isItem) : []);

const stores = new Map<string, StoredValue<Draft>>();

function draftStore(key: string): StoredValue<Draft> {
  let store = stores.get(key);
  if (!store) {
    store = storedValue<Draft>({
      storage: () => localStorage,
      key,
      empty: EMPTY,
      decode: (saved) => {
        const s = saved as Partial<Draft> | null;
        return { texts: items(s?.texts), questions: items(s?.questions) };
      },
      encode: (d) => (d.texts.length === 0 && d.questions.length === 0 ? null : d),
    });
    stores.set(key, store);
  }
  return store;
}

/** `docent.draft.<account>.<bot id, or "new" for the bot a training will create>`. */
function draftKey(userId: string, botId: string | null): string {
  return `${DRAFT_KEY_PREFIX}${userId}.${botId ?? 'new'}`;
}

export interface DraftActions {
  add: (item: ContentItem) => void;
  update: (index: number, item: ContentItem) => void;
  remove: (index: number) => void;
  /** Trained or cancelled: the list is done with. */
  clear: () => void;
}

/**
 * One list of the draft of the bot this screen adds to: the bot being managed in /datasource,
 * the owner's choice (or the new bot) on the onboarding screens.
 */
export function useDraft(
  kind: KnowledgeFlow['kind'],
  list: DraftList,
): { items: ContentItem[]; actions: DraftActions } {
  const session = useSession();
  const target = useChosenTarget();
  const userId = session.userId ?? session.user ?? '';
  const botId = kind === 'datasource' ? (session.bot_id ?? null) : target.botId;
  const store = draftStore(draftKey(userId, botId));
  const draft = store.use();
  const actions = useMemo<DraftActions>(() => {
    const change = (fn: (l: ContentItem[]) => ContentItem[]) =>
      store.set({ ...store.get(), [list]: fn(store.get()[list]) });
    return {
      add: (item) => change((l) => [...l, item]),
      update: (index, item) => change((l) => l.map((old, i) => (i === index ? item : old))),
      remove: (index) => change((l) => l.filter((_, i) => i !== index)),
      clear: () => change(() => []),
    };
  }, [store, list]);
  return { items: draft[list], actions };
}
