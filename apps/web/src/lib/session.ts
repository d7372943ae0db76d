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

/** Where the knowledge screens keep what the owner wrote and has not trained yet, per account. */
export const DRAFT_KEY_PREFIX = 'docent.draft.';

/** An account is deleted: its drafts go with it. */
export function forgetDrafts(userId: string): void {
  const prefix = `${DRAFT_KEY_PREFIX}${userId}.`;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(prefix)) localStorage.removeItem(key);
  }
}

/**
 * Logout and session expiry clear local storage (docs/spec.md §4), but for the untrained drafts:
 * they are keyed by account, so no one else sees them, and an expired session must not lose work.
 */
export function clearSession(): void {
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(DRAFT_KEY_PREFIX)) localStorage.removeItem(key);
  }
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
