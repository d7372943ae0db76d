import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useSession } from './session.ts';
import { connectRealtime } from './socket.ts';

export interface AppState {
  socket: Socket | null;
  setSocket: (socket: Socket | null) => void;
  showQuickStart: boolean;
  setShowQuickStart: (value: boolean) => void;
}

const AppStateContext = createContext<AppState | null>(null);

export function AppStateProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);
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
      showQuickStart,
      setShowQuickStart,
    }),
    [socket, showQuickStart],
  );
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside AppStateProvider');
  return state;
}
