import { useSyncExternalStore } from 'react';

/**
 * The session kept in local storage (docs/spec.md §3). Values are strings, as local storage holds
 * them; subscribers re-render when any key changes in this tab or another.
 */
export const SESSION_KEYS = [
  'user',
  'userId',
  'email',
  'fullName',
  'botCount',
  'img_path',
  'bot_id',
  'bot_name',
  'conversation_id',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
export type Session = Partial<Record<SessionKey, string>>;

const listeners = new Set<() => void>();
let snapshot: Session = read();

function read(): Session {
  const next: Session = {};
  for (const key of SESSION_KEYS) {
    const value = localStorage.getItem(key);
    if (value !== null) next[key] = value;
  }
  return next;
}

function emit(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

window.addEventListener('storage', emit);

export function getSession(): Session {
  return snapshot;
}

export function setSession(values: Session): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  }
  emit();
}

export function removeSessionKeys(...keys: SessionKey[]): void {
  for (const key of keys) localStorage.removeItem(key);
  emit();
}

/** Logout and session expiry clear local storage entirely (docs/spec.md §4). */
export function clearSession(): void {
  localStorage.clear();
  emit();
}

export function isSignedIn(): boolean {
  return Boolean(snapshot.user);
}

export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}

/** Navigation state of a page that leaves for `/` while it ends the session (account deletion). */
export const LEAVING_SESSION = { leavingSession: true } as const;
