import type { ChatSource } from '@docent/shared';
import { link, safeHref } from './markdown.ts';

/** "Sources:" followed by page links (http/https only) or plain titles, each once. */
export function renderSources(doc: Document, sources: ChatSource[]): HTMLElement | null {
  const seen = new Set<string>();
  const items: Node[] = [];
  for (const s of sources) {
    const href = s.url ? safeHref(s.url, ['http:', 'https:']) : null;
    const title = (s.title || s.url || '').trim() || 'Source';
    const key = href ?? title;
    if (seen.has(key)) continue;
    seen.add(key);
    if (href) items.push(link(doc, href, title));
    else {
      const i = doc.createElement('i');
      i.textContent = title;
      items.push(i);
    }
  }
  if (items.length === 0) return null;
  const box = doc.createElement('div');
  box.className = 's';
  const label = doc.createElement('span');
  label.textContent = 'Sources:';
  box.append(label, ...items.slice(0, 6));
  return box;
}
