import { type ChatSource, PAGE_SCHEMES, safeHref, sourceSection } from '@docent/shared/core';
import { link } from './markdown.ts';

/**
 * "Sources:" followed by page links (http/https only; at the section's anchor when the page has
 * one, named "Title › Section") or plain titles, each once.
 */
export function renderSources(doc: Document, sources: ChatSource[]): HTMLElement | null {
  const seen = new Set<string>();
  const items: Node[] = [];
  for (const s of sources) {
    const href = safeHref(s.link ?? s.url, PAGE_SCHEMES);
    const section = sourceSection(s);
    const name = (s.title || s.url || '').trim() || 'Source';
    const title = section ? `${name} › ${section}` : name;
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
