/**
 * Per bot: the random visitor id and the open conversation, in the host page's localStorage
 * under namespaced keys. Storage can be unavailable (privacy modes); then both live in memory.
 */
const memory = new Map<string, string>();

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

function randomId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(
    bytes,
    (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[b & 63],
  ).join('');
}

export function visitorId(botId: string): string {
  const key = `docent:visitor:${botId}`;
  const existing = get(key);
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const id = randomId();
  set(key, id);
  return id;
}

export const conversationId = (botId: string) => get(`docent:conversation:${botId}`);
export const setConversationId = (botId: string, id: string | null) =>
  set(`docent:conversation:${botId}`, id);
