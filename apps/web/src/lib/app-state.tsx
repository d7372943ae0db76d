import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useSession } from './session.ts';
import { connectRealtime } from './socket.ts';

/** A text or Q&A item of the local training lists (docs/spec.md §3), addressed by index. */
export interface ContentItem {
  title: string;
  content: string;
}

interface ListActions {
  add: (item: ContentItem) => void;
  update: (index: number, item: ContentItem) => void;
  remove: (index: number) => void;
}

export interface AppState {
  socket: Socket | null;
  setSocket: (socket: Socket | null) => void;
  questions: ContentItem[];
  questionActions: ListActions;
  texts: ContentItem[];
  textActions: ListActions;
  /** Empties both lists. */
  resetContent: () => void;
  showQuickStart: boolean;
  setShowQuickStart: (value: boolean) => void;
}

const AppStateContext = createContext<AppState | null>(null);

function listActions(set: (fn: (list: ContentItem[]) => ContentItem[]) => void): ListActions {
  return {
    add: (item) => set((list) => [...list, item]),
    update: (index, item) => set((list) => list.map((old, i) => (i === index ? item : old))),
    remove: (index) => set((list) => list.filter((_, i) => i !== index)),
  };
}

export function AppStateProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);
  const [questions, setQuestions] = useState<ContentItem[]>([]);
  const [texts, setTexts] = useState<ContentItem[]>([]);
  const [showQuickStart, setShowQuickStart] = useState(false);
  const { user, userId } = useSession();

  // One realtime connection per signed-in user (docs/spec.md §3, §4); closed on logout.
  useEffect(() => {
    if (!user) return;
    const next = connectRealtime(user, userId ?? user);
    setSocket(next as unknown as Socket);
    return () => {
      next.close();
      setSocket(null);
    };
  }, [user, userId]);

  const value = useMemo<AppState>(
    () => ({
      socket,
      setSocket,
      questions,
      questionActions: listActions(setQuestions),
      texts,
      textActions: listActions(setTexts),
      resetContent: () => {
        setQuestions([]);
        setTexts([]);
      },
      showQuickStart,
      setShowQuickStart,
    }),
    [socket, questions, texts, showQuickStart],
  );
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside AppStateProvider');
  return state;
}
