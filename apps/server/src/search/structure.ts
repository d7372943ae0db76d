import { isStopWord } from './analyzer.ts';
import type { DocumentKind } from './chunker.ts';
import { opensLowerCase } from './sentences.ts';

/** A run of paragraphs under one heading (null before the first heading). */
export interface Section {
  /** The heading path ("Guide › Install"), up to BREADCRUMB_DEPTH levels. */
  heading: string | null;
  /** The id a link to this section uses (`## Install {#install}`), when the source had one. */
  anchor?: string;
  paragraphs: string[];
}

/** `## Title` or `## Title {#anchor}` (the anchor as html.ts writes it). */
const MARKDOWN_HEADING = /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*(?:\{#([^\s{}]+)\})?\s*$/;
const FENCE = /^ {0,3}```/;
/**
 * A fenced code block as chunk texts hold it, fences included (for String.replace: global).
 * Its lines are code to index apart and not sentences to answer with.
 */
export const FENCED_CODE_BLOCK = /^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/;
const MAX_TITLE_LENGTH = 80;
/** "2.1 What is …?": a section number of two or more levels, then a question. */
const NUMBERED_QUESTION = /^\d+(?:\.\d+)+\.?\s+\p{Lu}[^.!?]*\?$/u;
/** A section number of two or more levels opening a capitalised line: a heading's start. */
const NUMBERED_START = /^\d+(?:\.\d+)+\.?\s+\p{Lu}/u;
/** A question's end, closing quote or bracket allowed ("… what is Linux?!", "… `unstable'?"). */
const QUESTION_END = /\?[!"”’')]*$/u;
/**
 * A numbered question the layout wrapped ("1.5 What is the difference between Debian and
 * other" / "Linux distributions? Why should I choose Debian?") spans at most this many lines
 * and characters; a longer run is a paragraph that happens to start with a number.
 */
const MAX_WRAPPED_TITLE_LINES = 3;
const MAX_WRAPPED_TITLE_LENGTH = 240;
const MIN_WRAPPED_LINE = 40;
/**
 * A line ending in a colon, or going on after an opener ("For example, the …"), with more
 * words than this is a sentence leading into what follows, not a title.
 */
const MAX_LABEL_WORDS = 4;
/** One to three words and a comma at the start of an unnumbered line, and the next word. */
const SENTENCE_OPENER = /^(?:\p{L}[^\s,]*\s){0,2}\p{L}[^\s,]*,\s(\p{Ll}+)/u;
const MAX_TITLE_WORDS = 10;
/** Title-like lines (no `#`) rank below every Markdown level. */
const PLAIN_LEVEL = 7;
const BREADCRUMB_DEPTH = 3;
const BREADCRUMB_SEPARATOR = ' › ';

/** A section's heading path from the headings it stands under, outermost first. */
const headingPath = (headings: string[]) =>
  headings.slice(-BREADCRUMB_DEPTH).join(BREADCRUMB_SEPARATOR);

/** The section's own heading: the last of its heading path ("Install" of "Guide › Install"). */
export const ownHeading = (path: string): string => path.split(BREADCRUMB_SEPARATOR).at(-1) ?? '';

/**
 * A short line that looks like a title: starts with a capital or a section number, has few
 * words and no sentence punctuation at the end. Used for text extracted from HTML/PDF, where
 * headings arrive as bare lines.
 */
export function isTitleLike(line: string): boolean {
  const t = line.trim();
  if (t.length < 2 || t.length > MAX_TITLE_LENGTH) return false;
  // A numbered question is an FAQ's heading ("2.1 What is the latest version of Debian?").
  if (NUMBERED_QUESTION.test(t)) return true;
  if (/[.,;!?\-–—]$/.test(t) || LIST_ITEM.test(t)) return false;
  const words = t.split(/\s+/).length;
  // "These key features distinguish Debian:" introduces a list; "Requirements:" may head one.
  if (t.endsWith(':') && words > MAX_LABEL_WORDS) return false;
  // "In addition, the packages in non-free" opens a sentence; "Moving, removing and renaming
  // packages" lists what its section is about.
  const opener = SENTENCE_OPENER.exec(t)?.[1];
  if (opener && isStopWord(opener) && words > MAX_LABEL_WORDS) return false;
  // A line ending on "of", "the", "and"… is a wrapped sentence, not a title.
  if (isStopWord(t.split(/\s+/).at(-1)?.toLowerCase() ?? '')) return false;
  if (!/^(?:\p{Lu}|\d+(?:\.\d+)*\.?\s+\p{L})/u.test(t)) return false;
  if (!/\p{L}{2}/u.test(t)) return false;
  // Metadata, not titles: URLs, hashes and identifiers, mostly-numeric lines.
  if (/:\/\/|\S{25,}/u.test(t)) return false;
  if ((t.match(/\p{N}/gu)?.length ?? 0) * 3 > t.length) return false;
  return words <= MAX_TITLE_WORDS;
}

/**
 * Whether a title-like line of typed text heads the lines under it, as people type a heading
 * ("Opening hours" over "Monday to Friday 8am – 6pm"): a few words (a sign's or a note's line
 * without a full stop, "Opening hours are nine to five", says something), stating no figure as
 * a list's item might ("Saturday 9am – 4pm"), and the next line does not go on in lower case,
 * as a wrapped sentence would.
 */
const headsTypedLines = (line: string, next: string) =>
  line.trim().split(/\s+/).length <= MAX_LABEL_WORDS &&
  !/\p{N}/u.test(line) &&
  !opensLowerCase(next);

/**
 * A bare line heading what follows it: a blank line and more text, or (in layout-extracted
 * text) the paragraph itself ('bare'), or in typed text lines of its own ('typed'; the line
 * under it is its text then, however short: a list's first item).
 */
type PlainHeading = 'bare' | 'typed';

/** Whether the bare line at `at` is a heading, and of which kind; undefined when it is text. */
function plainHeading(lines: string[], at: number, kind: DocumentKind): PlainHeading | undefined {
  const line = lines[at] ?? '';
  if (!isTitleLike(line)) return undefined;
  const next = lines[at + 1] ?? '';
  if (next.trim() === '')
    return lines.slice(at + 1).some((l) => l.trim() !== '') ? 'bare' : undefined;
  if (kind === 'text') return headsTypedLines(line, next) ? 'typed' : undefined;
  return isTitleLike(next) ? undefined : 'bare';
}

/**
 * A numbered question from line `at`, wrapped over up to MAX_WRAPPED_TITLE_LINES lines (blank
 * lines between them skipped, as the layout leaves them after large type), with the index of
 * its last line; undefined when the line opens none. A wrapped first line runs most of the
 * way across the page: a short one ("5.8.1 Monitoring bugs") is a whole title of its own,
 * however its paragraph begins.
 */
function numberedQuestion(lines: string[], at: number): { title: string; end: number } | undefined {
  let title = (lines[at] ?? '').trim();
  if (!NUMBERED_START.test(title)) return undefined;
  if (QUESTION_END.test(title)) {
    return title.length <= MAX_WRAPPED_TITLE_LENGTH ? { title, end: at } : undefined;
  }
  if (title.length < MIN_WRAPPED_LINE) return undefined;
  let taken = 1;
  for (let i = at + 1; taken < MAX_WRAPPED_TITLE_LINES && i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    if (NUMBERED_START.test(line) || LIST_ITEM.test(line)) return undefined;
    title = `${title} ${line}`;
    taken++;
    if (title.length > MAX_WRAPPED_TITLE_LENGTH) return undefined;
    if (QUESTION_END.test(title)) return { title, end: i };
  }
  return undefined;
}

function joinLines(lines: string[], kind: DocumentKind): string {
  if (lines.some((l) => FENCE.test(l))) return lines.join('\n');
  const hardWrapped = kind === 'pdf' || kind === 'transcript';
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (out === '') out = line;
    else if (hardWrapped && !LIST_ITEM.test(line)) {
      // "exam-\nple" is one word broken by the layout; "well-\nknown" loses only a hyphen;
      // "(https:\n//www.debian.org)" is one address ("as follows:\n// a comment" is not).
      if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(line)) out = out.slice(0, -1) + line;
      else if (/\b(?:https?|ftps?|file|git|ssh|svn):$/i.test(out) && line.startsWith('//')) {
        out += line;
      } else out = `${out} ${line}`;
    } else out = `${out}\n${line}`;
  }
  return out.replace(/[ \t]+/g, ' ');
}

/**
 * Splits a document's text into headed sections of paragraphs. A fenced code block is one
 * paragraph (its blank lines and `#` lines included). Bare title-like lines count as headings
 * only in text that has no Markdown headings of its own (PDF, plain text, pages extracted
 * without structure).
 */
export function parseSections(text: string, kind: DocumentKind): Section[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sections: Section[] = [];
  const stack: { level: number; text: string }[] = [];
  let current: Section = { heading: null, paragraphs: [] };
  let block: string[] = [];
  let fenced = false;
  // Text read from a PDF's layout or a video's captions is never Markdown: a line starting with
  // `#` there is a shell comment or an IRC channel in an example, not a heading, and must not
  // turn the document's real (bare) headings off.
  const markdown = kind !== 'pdf' && kind !== 'transcript';
  const plainHeadings =
    (kind === 'web' || kind === 'pdf' || kind === 'text') &&
    !(markdown && lines.some((l) => MARKDOWN_HEADING.test(l)));

  let afterTypedHeading = false;
  const flushBlock = () => {
    const para = joinLines(block, kind).trim();
    if (para) current.paragraphs.push(para);
    block = [];
  };
  const openHeading = (level: number, title: string, anchor?: string) => {
    flushBlock();
    if (current.paragraphs.length > 0) sections.push(current);
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= level) stack.pop();
    stack.push({ level, text: title.replace(/\s+/g, ' ').trim() });
    const heading = headingPath(stack.map((h) => h.text));
    current = { heading, paragraphs: [], ...(anchor ? { anchor } : {}) };
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (fenced || FENCE.test(line)) {
      if (FENCE.test(line)) fenced = !fenced;
      block.push(line);
      if (!fenced) flushBlock();
      continue;
    }
    if (line.trim() === '') {
      flushBlock();
      continue;
    }
    const md = markdown ? MARKDOWN_HEADING.exec(line) : null;
    if (md?.[1] && md[2]) {
      openHeading(md[1].length, md[2], md[3]);
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (
      block.length === 0 &&
      line.trim().length <= MAX_TITLE_LENGTH &&
      SETEXT_UNDERLINE.test(next) &&
      next.trim().length >= 3
    ) {
      openHeading(next.trim().startsWith('=') ? 1 : 2, line);
      i++;
      continue;
    }
    const question = kind === 'pdf' && block.length === 0 ? numberedQuestion(lines, i) : undefined;
    if (question) {
      openHeading(PLAIN_LEVEL, question.title);
      i = question.end;
      continue;
    }
    const plain: PlainHeading | undefined =
      plainHeadings && block.length === 0 && !afterTypedHeading
        ? plainHeading(lines, i, kind)
        : undefined;
    if (plain) {
      openHeading(PLAIN_LEVEL, line);
      afterTypedHeading = plain === 'typed';
      continue;
    }
    afterTypedHeading = false;
    block.push(line);
  }
  flushBlock();
  if (current.paragraphs.length > 0) sections.push(current);
  return sections;
}
