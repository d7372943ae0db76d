import { type MdBlock, type MdInline, parseMarkdown } from '@docent/shared/core';

/**
 * Draws the shared Markdown tree as DOM nodes. Answers are model output: data, never markup.
 * Only elements are created and only text is set, so `<script>` or `<img onerror>` in an answer
 * shows as the literal characters; the parser already dropped images and unsafe links.
 */
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

function el(doc: Document, tag: string, children: Node[] = [], text?: string): HTMLElement {
  const node = doc.createElement(tag);
  if (text !== undefined) node.textContent = text;
  node.append(...children);
  return node;
}

function inline(doc: Document, nodes: MdInline[]): Node[] {
  return nodes.map((n) => {
    if (n.type === 'text') return doc.createTextNode(n.text);
    if (n.type === 'code') return el(doc, 'code', [], n.text);
    if (n.type === 'break') return el(doc, 'br');
    if (n.type === 'link') return link(doc, n.href, inline(doc, n.children));
    return el(doc, n.type, inline(doc, n.children));
  });
}

function block(doc: Document, b: MdBlock): Node {
  switch (b.type) {
    case 'paragraph':
      return el(doc, 'p', inline(doc, b.children));
    case 'heading':
      return el(doc, 'p', [el(doc, 'strong', inline(doc, b.children))]);
    case 'code':
      return el(doc, 'pre', [el(doc, 'code', [], b.text)]);
    case 'rule':
      return el(doc, 'hr');
    case 'quote':
      return el(doc, 'blockquote', blocks(doc, b.children));
    case 'list': {
      const items = b.items.map((it) =>
        el(doc, 'li', [...inline(doc, it.inline), ...blocks(doc, it.blocks)]),
      );
      const list = el(doc, b.ordered ? 'ol' : 'ul', items);
      if (b.start !== 1) list.setAttribute('start', String(b.start));
      return list;
    }
  }
}

const blocks = (doc: Document, list: MdBlock[]) => list.map((b) => block(doc, b));

/** Markdown → a fragment of p, strong, em, code, pre, ul/ol/li, blockquote, hr, br and a. */
export function renderMarkdown(doc: Document, src: string): DocumentFragment {
  const frag = doc.createDocumentFragment();
  frag.append(...blocks(doc, parseMarkdown(src)));
  return frag;
}
