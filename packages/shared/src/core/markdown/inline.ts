import { LINK_SCHEMES, safeHref } from '../safe-href.ts';
import type { MdInline } from './tree.ts';

// One pass over a line: the earliest match wins; the inner text of emphasis and links is
// parsed again, to a bounded depth. No lookbehind: older Safari versions reject it, and the
// widget runs on customers' pages.
const URL_PART = /(?:[^()\s<>]|\([^()\s<>]*\))*/.source;
const TITLE = /(?:\s+"[^"]*"|\s+'[^']*')?\s*/.source;
const INLINE = new RegExp(
  [
    /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.source, // 1,2 code span
    `!\\[([^\\]]*)\\]\\(\\s*${URL_PART}${TITLE}\\)`, // 3 image: its alt text only
    `\\[((?:[^\\[\\]]|\\[[^\\[\\]]*\\])+)\\]\\(\\s*<?(${URL_PART})>?${TITLE}\\)`, // 4,5 link
    /<((?:https?:\/\/|mailto:)[^<>\s]+)>/.source, // 6 autolink
    /(https?:\/\/[^\s<>"'`]+)/.source, // 7 bare URL (trailing punctuation trimmed below)
    /\*\*(?=\S)([\s\S]*?\S)\*\*/.source, // 8 strong
    /__(?=\S)([\s\S]*?\S)__(?!\w)/.source, // 9 strong
    /\*(?=[^\s*])([\s\S]*?[^\s*])\*/.source, // 10 emphasis
    /_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/.source, // 11 emphasis
  ].join('|'),
  'g',
);

const MAX_DEPTH = 4;

/** A bare URL ends before trailing punctuation and before a `)` it did not open. */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const c = url[end - 1] ?? '';
    const head = url.slice(0, end);
    const unbalanced = head.split('(').length < head.split(')').length;
    if (/[.,:;!?*_~]/.test(c) || (c === ')' && unbalanced)) end--;
    else return url.slice(0, end);
  }
}

const text = (value: string): MdInline => ({ type: 'text', text: value });

/** The inline Markdown of one line: code, links, autolinks, bare URLs, strong, emphasis. */
export function parseInline(line: string, depth = 0): MdInline[] {
  if (depth > MAX_DEPTH) return [text(line)];
  const out: MdInline[] = [];
  const push = (node: MdInline) => {
    const prev = out[out.length - 1];
    if (node.type === 'text' && prev?.type === 'text') prev.text += node.text;
    else out.push(node);
  };
  const nested = (s: string) => parseInline(s, depth + 1);
  const re = new RegExp(INLINE.source, 'g');
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const at = m.index;
    // `_` inside a word (snake_case) is a letter, not emphasis: keep it and scan on after it.
    if ((m[9] ?? m[11]) !== undefined && /\w/.test(line[at - 1] ?? '')) {
      re.lastIndex = at + 1;
      continue;
    }
    if (at > last) push(text(line.slice(last, at)));
    let end = at + m[0].length;
    if (m[2] !== undefined) push({ type: 'code', text: m[2] });
    else if (m[3] !== undefined) push(text(m[3]));
    else if (m[4] !== undefined) {
      const href = safeHref(m[5], LINK_SCHEMES);
      if (href) push({ type: 'link', href, children: nested(m[4]) });
      else for (const node of nested(m[4])) push(node);
    } else if (m[6] !== undefined || m[7] !== undefined) {
      const raw = m[6] ?? trimUrl(m[7] as string);
      if (m[7] !== undefined) end = at + raw.length;
      const href = safeHref(raw, LINK_SCHEMES);
      push(href ? { type: 'link', href, children: [text(raw)] } : text(raw));
    } else {
      const strong = m[8] ?? m[9];
      push({
        type: strong !== undefined ? 'strong' : 'em',
        children: nested(strong ?? m[10] ?? m[11] ?? ''),
      });
    }
    last = end;
    re.lastIndex = end;
  }
  if (last < line.length) push(text(line.slice(last)));
  return out;
}
