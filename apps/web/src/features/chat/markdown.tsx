import { type MdBlock, type MdInline, parseMarkdown } from '@docent/shared';
import type { ReactNode } from 'react';
import './markdown.css';

/**
 * Draws the shared Markdown tree as React elements. Model output is data: nothing here becomes
 * HTML, and the parser already turned images into their alt text and dropped unsafe links.
 */
function inlineNode(n: MdInline, key: number): ReactNode {
  if (n.type === 'text') return n.text;
  if (n.type === 'code') return <code key={key}>{n.text}</code>;
  if (n.type === 'break') return <br key={key} />;
  if (n.type === 'link') {
    return (
      <a key={key} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
        {inline(n.children)}
      </a>
    );
  }
  const Tag = n.type;
  return <Tag key={key}>{inline(n.children)}</Tag>;
}

/** Parsed nodes have no identity but their place: their index is their key. */
const inline = (nodes: MdInline[]): ReactNode[] => nodes.map(inlineNode);

function block(b: MdBlock, key: number): ReactNode {
  switch (b.type) {
    case 'paragraph':
      return <p key={key}>{inline(b.children)}</p>;
    case 'heading':
      return (
        <p key={key} className="md__heading">
          <strong>{inline(b.children)}</strong>
        </p>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{b.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
    case 'quote':
      return <blockquote key={key}>{blocks(b.children)}</blockquote>;
    case 'list': {
      const items = b.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their place
        <li key={i}>
          {inline(item.inline)}
          {blocks(item.blocks)}
        </li>
      ));
      if (!b.ordered) return <ul key={key}>{items}</ul>;
      return (
        <ol key={key} start={b.start === 1 ? undefined : b.start}>
          {items}
        </ol>
      );
    }
  }
}

const blocks = (list: MdBlock[]) => list.map(block);

export function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={className ? `md ${className}` : 'md'}>{blocks(parseMarkdown(text))}</div>;
}
