import { parseInline } from './inline.ts';
import type { MdBlock, MdInline, MdListItem } from './tree.ts';

const FENCE = /^\s{0,3}(```|~~~)/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const LIST_ITEM = /^\s{0,3}([-*+•]|\d{1,9}[.)])\s+(.*)$/;
/** Quotes and lists nest at most this deep; deeper text stays a paragraph. */
const MAX_DEPTH = 4;

const blank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;

/** The lines of a paragraph or list item, each parsed inline, with a break between lines. */
function inlineLines(lines: string[]): MdInline[] {
  return lines.flatMap((line, i) => [
    ...(i > 0 ? [{ type: 'break' } as const] : []),
    ...parseInline(line.trim()),
  ]);
}

/** A list item marker that is not a rule (`* * *`); `ordered` tells the two kinds apart. */
function listItem(line: string): { ordered: boolean; marker: string; text: string } | null {
  const m = LIST_ITEM.exec(line);
  if (!m || RULE.test(line)) return null;
  const marker = m[1] ?? '';
  return { ordered: /\d/.test(marker), marker, text: m[2] ?? '' };
}

/** Removes the indentation continuation lines share, so nested content parses as blocks. */
function dedent(lines: string[]): string[] {
  const widths = lines.filter((l) => !blank(l)).map(indentOf);
  const cut = widths.length > 0 ? Math.min(...widths) : 0;
  return lines.map((l) => l.slice(cut));
}

function toItem(first: string, rest: string[], depth: number): MdListItem {
  const blocks = parseBlocks([first, ...dedent(rest)], depth + 1);
  const lead = blocks[0];
  if (lead?.type === 'paragraph') return { inline: lead.children, blocks: blocks.slice(1) };
  return { inline: [], blocks };
}

/**
 * Items of one kind at one indentation. Blank lines between items, and lines indented under
 * an item (its further text, a nested list), belong to the list.
 */
function parseList(lines: string[], from: number, depth: number): [MdBlock, number] {
  const base = indentOf(lines[from] ?? '');
  const sibling = (line: string) => (indentOf(line) <= base + 1 ? listItem(line) : null);
  const under = (line: string) => !blank(line) && indentOf(line) > base;
  const ordered = sibling(lines[from] ?? '')?.ordered ?? false;
  const start = ordered ? Number.parseInt(listItem(lines[from] ?? '')?.marker ?? '1', 10) : 1;
  const raw: { first: string; rest: string[] }[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const item = sibling(line);
    if (item?.ordered === ordered) raw.push({ first: item.text, rest: [] });
    else if (under(line) && !item) raw[raw.length - 1]?.rest.push(line);
    else if (!blank(line)) break;
    else {
      let next = i;
      while (next < lines.length && blank(lines[next] ?? '')) next++;
      const after = lines[next] ?? '';
      if (sibling(after)?.ordered !== ordered && !under(after)) break;
      raw[raw.length - 1]?.rest.push('');
    }
  }
  const items = raw.map((r) => toItem(r.first, r.rest, depth));
  return [{ type: 'list', ordered, start, items }, i];
}

function parseFence(lines: string[], from: number, fence: string): [MdBlock, number] {
  const body: string[] = [];
  let i = from + 1;
  while (i < lines.length && !(lines[i] ?? '').trim().startsWith(fence))
    body.push(lines[i++] ?? '');
  // Past the closing fence, or the end of a still-streaming answer.
  return [{ type: 'code', text: body.join('\n') }, i + 1];
}

function parseQuote(lines: string[], from: number, depth: number): [MdBlock, number] {
  const quoted: string[] = [];
  let i = from;
  for (let m = QUOTE.exec(lines[i] ?? ''); m; m = QUOTE.exec(lines[i] ?? '')) {
    quoted.push(m[1] ?? '');
    i++;
  }
  return [{ type: 'quote', children: parseBlocks(quoted, depth + 1) }, i];
}

/** Lines up to a blank line or the start of another block. */
function parseParagraph(lines: string[], from: number): [MdBlock, number] {
  const para: string[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const starts = FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || RULE.test(line);
    if (blank(line) || (para.length > 0 && (starts || listItem(line)))) break;
    para.push(line);
  }
  return [{ type: 'paragraph', children: inlineLines(para) }, i];
}

function parseBlock(lines: string[], i: number, depth: number): [MdBlock, number] {
  const line = lines[i] ?? '';
  if (depth > MAX_DEPTH) return parseParagraph(lines, i);
  const fence = FENCE.exec(line);
  if (fence) return parseFence(lines, i, fence[1] ?? '```');
  if (RULE.test(line)) return [{ type: 'rule' }, i + 1];
  const heading = HEADING.exec(line);
  if (heading) return [{ type: 'heading', children: parseInline(heading[1] ?? '') }, i + 1];
  if (listItem(line)) return parseList(lines, i, depth);
  if (QUOTE.test(line)) return parseQuote(lines, i, depth);
  return parseParagraph(lines, i);
}

function parseBlocks(lines: string[], depth: number): MdBlock[] {
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    if (blank(lines[i] ?? '')) {
      i++;
      continue;
    }
    const [block, next] = parseBlock(lines, i, depth);
    blocks.push(block);
    i = next;
  }
  return blocks;
}

/**
 * The one Markdown parser of chat answers (web and widget render its tree): paragraphs with
 * line breaks, `#` headings, rules, fenced code, quotes, bullet and numbered lists (nested by
 * indentation), code spans, strong, emphasis, links and autolinks with safe schemes only.
 * Raw HTML stays text and images become their alt text.
 */
export function parseMarkdown(source: string): MdBlock[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'), 0);
}
