/**
 * Answers are model output: data, never markup. This renderer builds DOM nodes and sets only
 * text, so `<script>` or `<img onerror>` in an answer shows up as the literal characters.
 * Links keep http, https and mailto only; images are never loaded (their alt text is shown)
 * so an answer cannot make the browser send the conversation anywhere.
 */

type Parent = Node & ParentNode;

const SAFE_SCHEMES = ['http:', 'https:', 'mailto:'];

/** An absolute http(s)/mailto URL, normalised by the URL parser; anything else is null. */
export function safeHref(raw: string, schemes = SAFE_SCHEMES): string | null {
  const v = raw.trim();
  // Control characters and whitespace inside a scheme are a classic filter bypass.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (v === '' || /[\u0000-\u001f\u007f\s]/.test(v)) return null;
  try {
    const url = new URL(v);
    return schemes.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function link(doc: Document, href: string, text: string | Node[]): HTMLAnchorElement {
  const a = doc.createElement('a');
  a.setAttribute('href', href);
  a.setAttribute('target', '_blank');
  a.setAttribute('rel', 'noopener noreferrer nofollow');
  a.setAttribute('referrerpolicy', 'no-referrer');
  if (typeof text === 'string') a.textContent = text;
  else a.append(...text);
  return a;
}

const INLINE = new RegExp(
  [
    /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.source, // 1,2 code
    /!\[([^\]]*)\]\([^)]*\)/.source, // 3 image → alt text only
    /\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+["'][^"']*["'])?\s*\)/.source, // 4,5 link
    /<((?:https?:\/\/|mailto:)[^>\s]+)>/.source, // 6 autolink
    /(https?:\/\/[^\s<>"']*[^\s<>"'.,:;!?)\]])/.source, // 7 bare URL
    /\*\*(?=\S)([\s\S]*?\S)\*\*/.source, // 8 bold
    /__(?=\S)([\s\S]*?\S)__(?!\w)/.source, // 9 bold
    /\*(?=[^\s*])([\s\S]*?[^\s*])\*/.source, // 10 italic
    /_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/.source, // 11 italic (not inside snake_case)
  ].join('|'),
  'g',
);

function inline(doc: Document, text: string, depth = 0): Node[] {
  const out: Node[] = [];
  const re = new RegExp(INLINE.source, 'g');
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(doc.createTextNode(text.slice(last, m.index)));
    last = m.index + m[0].length;
    const nested = (s: string) => (depth < 4 ? inline(doc, s, depth + 1) : [doc.createTextNode(s)]);
    if (m[2] !== undefined) {
      const code = doc.createElement('code');
      code.textContent = m[2];
      out.push(code);
    } else if (m[3] !== undefined) {
      out.push(doc.createTextNode(m[3]));
    } else if (m[4] !== undefined) {
      const href = safeHref(m[5] ?? '');
      out.push(...(href ? [link(doc, href, nested(m[4]))] : nested(m[4])));
    } else if (m[6] !== undefined || m[7] !== undefined) {
      const raw = (m[6] ?? m[7]) as string;
      const href = safeHref(raw);
      out.push(href ? link(doc, href, raw) : doc.createTextNode(raw));
    } else if (m[11] !== undefined && /\w/.test(text[m.index - 1] ?? '')) {
      out.push(doc.createTextNode(m[0]));
    } else {
      const bold = m[8] ?? m[9];
      const el = doc.createElement(bold !== undefined ? 'strong' : 'em');
      el.append(...nested((bold ?? m[10] ?? m[11]) as string));
      out.push(el);
    }
  }
  if (last < text.length) out.push(doc.createTextNode(text.slice(last)));
  return out;
}

/** Lines joined inside one paragraph or list item keep their breaks. */
function lines(doc: Document, parent: Parent, textLines: string[]): void {
  textLines.forEach((l, i) => {
    if (i > 0) parent.append(doc.createElement('br'));
    parent.append(...inline(doc, l));
  });
}

const LIST_ITEM = /^\s{0,3}([-*+•]|\d{1,9}[.)])\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

/** Markdown → a fragment of p, strong, em, code, pre, ul/ol/li, blockquote, hr, br and a. */
export function renderMarkdown(doc: Document, src: string): DocumentFragment {
  const frag = doc.createDocumentFragment();
  const all = src.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < all.length) {
    const line = all[i] as string;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < all.length && !(all[i] as string).trim().startsWith(fence[1] as string)) {
        body.push(all[i++] as string);
      }
      i++;
      const pre = doc.createElement('pre');
      const code = doc.createElement('code');
      code.textContent = body.join('\n');
      pre.append(code);
      frag.append(pre);
      continue;
    }
    if (RULE.test(line)) {
      frag.append(doc.createElement('hr'));
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const p = doc.createElement('p');
      const strong = doc.createElement('strong');
      strong.append(...inline(doc, heading[1] ?? ''));
      p.append(strong);
      frag.append(p);
      i++;
      continue;
    }
    const first = LIST_ITEM.exec(line);
    if (first) {
      const ordered = /\d/.test(first[1] ?? '');
      const list = doc.createElement(ordered ? 'ol' : 'ul');
      const start = Number.parseInt(first[1] ?? '', 10);
      if (ordered && start > 1) list.setAttribute('start', String(start));
      let item: string[] | null = null;
      const flush = () => {
        if (!item) return;
        const li = doc.createElement('li');
        lines(doc, li, item);
        list.append(li);
      };
      while (i < all.length) {
        const l = all[i] as string;
        const m = LIST_ITEM.exec(l);
        if (m && /\d/.test(m[1] ?? '') === ordered) {
          flush();
          item = [m[2] ?? ''];
        } else if (l.trim() !== '' && /^\s/.test(l) && item) {
          item.push(l.trim());
        } else break;
        i++;
      }
      flush();
      frag.append(list);
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < all.length && QUOTE.test(all[i] as string)) {
        quoted.push(QUOTE.exec(all[i] as string)?.[1] ?? '');
        i++;
      }
      const bq = doc.createElement('blockquote');
      bq.append(renderMarkdown(doc, quoted.join('\n')));
      frag.append(bq);
      continue;
    }
    const para: string[] = [];
    while (i < all.length) {
      const l = all[i] as string;
      if (l.trim() === '' || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l)) break;
      if (para.length > 0 && LIST_ITEM.test(l)) break;
      para.push(l.trim());
      i++;
    }
    const p = doc.createElement('p');
    lines(doc, p, para);
    frag.append(p);
  }
  return frag;
}
