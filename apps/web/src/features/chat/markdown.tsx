import { Fragment, type ReactNode } from 'react';
import { MARKDOWN_LINK_SCHEMES, safeHref } from './safe-url.ts';

/**
 * A small Markdown subset rendered as React elements: paragraphs, headings, lists, quotes,
 * code, bold/italic and links. Model output is data: nothing here becomes HTML, links keep
 * only http/https/mailto, and images are shown as their alt text (a remote image could leak
 * the conversation to its host).
 */
type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; start: number; items: string[] };

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence[1] ?? '```')) {
        body.push(lines[i] ?? '');
        i++;
      }
      i++; // closing fence (or end of a still-streaming answer)
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', text: heading[1] ?? '' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) {
        quoted.push(QUOTE.exec(lines[i] ?? '')?.[1] ?? '');
        i++;
      }
      blocks.push({ kind: 'quote', lines: quoted });
      continue;
    }
    const ordered = ORDERED.exec(line);
    if (BULLET.test(line) || ordered) {
      const pattern = ordered ? ORDERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const m = pattern.exec(current);
        if (m) items.push((ordered ? m[2] : m[1]) ?? '');
        else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else break;
        i++;
      }
      blocks.push(
        ordered ? { kind: 'ol', start: Number(ordered[1]) || 1, items } : { kind: 'ul', items },
      );
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const current = lines[i] ?? '';
      if (
        current.trim() === '' ||
        FENCE.test(current) ||
        HEADING.test(current) ||
        QUOTE.test(current) ||
        (para.length > 0 && (BULLET.test(current) || ORDERED.test(current)))
      ) {
        break;
      }
      para.push(current.trim());
      i++;
    }
    blocks.push({ kind: 'p', lines: para });
  }
  return blocks;
}

// One pass over the text: the earliest match wins; its inner text is parsed again.
const INLINE =
  /(`+)([^`]+?)\1|!\[([^\]]*)\]\(([^()\s]*)(?:\s+"[^"]*")?\)|\[([^\]]+)\]\(([^()\s]+)(?:\s+"[^"]*")?\)|\*\*(?=\S)(.+?)\*\*|(?<![\w])__(?=\S)(.+?)__(?![\w])|\*(?=[^\s*])([^*]+?)\*|(?<![\w])_(?=[^\s_])([^_]+?)_(?![\w])|(https?:\/\/[^\s<>()"']*[^\s<>()"'.,;:!?])/g;

const MAX_DEPTH = 4;

export function renderInline(text: string, depth = 0): ReactNode[] {
  if (depth > MAX_DEPTH) return [text];
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    last = at + m[0].length;
    const k = `${depth}-${key++}`;
    if (m[2] !== undefined) {
      out.push(<code key={k}>{m[2]}</code>);
    } else if (m[4] !== undefined) {
      // An image: its alt text only, never a request to the image's host.
      if (m[3]) out.push(m[3]);
    } else if (m[5] !== undefined) {
      const href = safeHref(m[6], MARKDOWN_LINK_SCHEMES);
      const label = renderInline(m[5], depth + 1);
      out.push(
        href ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>
        ) : (
          <Fragment key={k}>{label}</Fragment>
        ),
      );
    } else if (m[7] !== undefined || m[8] !== undefined) {
      out.push(<strong key={k}>{renderInline(m[7] ?? m[8] ?? '', depth + 1)}</strong>);
    } else if (m[9] !== undefined || m[10] !== undefined) {
      out.push(<em key={k}>{renderInline(m[9] ?? m[10] ?? '', depth + 1)}</em>);
    } else if (m[11] !== undefined) {
      const href = safeHref(m[11]);
      out.push(
        href ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {m[11]}
          </a>
        ) : (
          m[11]
        ),
      );
    }
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function withBreaks(lines: string[]): ReactNode[] {
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph have no identity
    <Fragment key={i}>
      {i > 0 && <br />}
      {renderInline(line)}
    </Fragment>
  ));
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = parseBlocks(text);
  return (
    <div className={className ? `md ${className}` : 'md'}>
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'p':
            return <p key={key}>{withBreaks(block.lines)}</p>;
          case 'heading':
            return (
              <p key={key} className="md__heading">
                <strong>{renderInline(block.text)}</strong>
              </p>
            );
          case 'quote':
            return <blockquote key={key}>{withBreaks(block.lines)}</blockquote>;
          case 'code':
            return (
              <pre key={key}>
                <code>{block.text}</code>
              </pre>
            );
          case 'ul':
            return (
              <ul key={key}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </ul>
            );
          case 'ol':
            return (
              <ol key={key} start={block.start}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </ol>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
