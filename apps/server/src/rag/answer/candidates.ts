import { boundedMemo } from '../../lib/bounded-memo.ts';
import { shortenAtWord } from '../../lib/shorten.ts';
import { thingNames } from '../../search/identifiers.ts';
import { leftUnfinished, opensLowerCase, splitSentences } from '../../search/sentences.ts';
import { FENCED_CODE_BLOCK, ownHeading } from '../../search/structure.ts';
import {
  definedTerms,
  isTableRow,
  isValueLine,
  rowCells,
  rowKey,
  rowParts,
} from './definitions.ts';
import { textTermSet, withAlternatives } from './text.ts';
import type { Passage } from './types.ts';

/** The terms of a table cell's column label, and of its text. */
export interface CellTerms {
  label: ReadonlySet<string>;
  terms: ReadonlySet<string>;
  text: string;
}

/** A sentence an extractive answer may be built around, with what scoring needs to know. */
export interface Candidate {
  /** Rank of its passage among those the answer draws from (0: retrieval's best). */
  rank: number;
  /** Position within the passage: reading order. */
  pos: number;
  passage: Passage;
  text: string;
  terms: ReadonlySet<string>;
  /** Terms of its passage's title, heading path and stored question. */
  context: ReadonlySet<string>;
  /** A table row's column labels: its context too, but only for a row saying something asked. */
  labels: ReadonlySet<string>;
  /** The qualified names (`performance.now`) its section's own heading documents. */
  headed: ReadonlySet<string>;
  /** Running text: not on a definition, parameter or labelled value (`Added in: …`) line. */
  prose: boolean;
  /** On a table's row, which reads whole on its own: its cells with their column labels. */
  row: boolean;
  /** A table row's cells: the terms of each one's column label and of its own text. */
  cells?: readonly CellTerms[];
  score: number;
  /** The wanted terms the sentence itself holds (not only its title or heading). */
  held: Set<string>;
  /** The line of the passage it is on: a list item, a definition, a table row, a paragraph. */
  line: number;
  /**
   * What sets it off from the sentence before it on the page: nothing but a space (within a
   * line, or a line the layout wrapped), a line break (a list item, a definition, a parameter),
   * or a blank line (a new paragraph).
   */
  opens: ' ' | '\n' | '\n\n';
  /**
   * The terms its line defines, when the line is a definition (`--dry-run: Lists …`), or keys,
   * when it is a table's row (`Code: 2005 | Meaning: …`, definitions.ts rowKey).
   */
  defines: ReadonlySet<string>;
  /** The code block the sentence introduces ("Run this to start it:"), fenced. */
  code?: string;
  /**
   * The code block the sentence goes on from ("`git switch -c x`" then "will create …"): an
   * answer starting with the sentence shows it first.
   */
  after?: string;
}

const MAX_SENTENCE_CHARS = 400;
const NO_TERMS: ReadonlySet<string> = new Set();

/** Labels that open abstracts and reports ("Abstract: BACKGROUND: …"), not part of a sentence. */
const SECTION_LABELS =
  /^(?:(?:Abstract|Background|Summary|Introduction|Objectives?|Aims?|Methods?|Methodology|Results?|Findings|Conclusions?|Discussion|[A-Z][A-Z &/-]{2,40})\s*:\s+)+/;

/** Strips list markers and Markdown heading hashes, collapses whitespace, caps the length. */
function tidy(sentence: string): string {
  const s = sentence
    .replace(/^\s*(?:[-*•·]|#{1,6}|\d+[.)])\s+/, '')
    .replace(SECTION_LABELS, '')
    .replace(/\s+/g, ' ')
    .trim();
  return shortenAtWord(s, MAX_SENTENCE_CHARS);
}

/**
 * Text that is not a sentence to answer with: table-of-contents lines (dot leaders, a trailing
 * page number), OCR and layout debris (mostly symbols: rules, bars, stray marks). Digits are
 * text: "Phone: +49 30 1234567." or "Mo–Fr 10:00–19:00" is what a customer asks for.
 */
export function isDebris(text: string): boolean {
  if (/(?:\.\s*){4,}|…{2,}|_{4,}/.test(text)) return true;
  // "6 2.3 Registering as a member ." or "2.3 Installing 14": numbered title, leader or page.
  if (/^(?:\d+\s+)?\d+(?:\.\d+)*\.?\s+[^.!?]{1,80}?(?:\s\.|\s\d+)\s*$/.test(text)) return true;
  const wordCharacters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return wordCharacters < 0.5 * text.replace(/\s/g, '').length;
}

/**
 * A line of figures that is a value, not a number alone: a telephone number, a time or a range
 * of them, an amount ("+351 213 460 782", "10:00 – 18:00", "€320"), which site builders set on a
 * line of its own beside its label. A bare number ("14", "2.3") is a page or a section number.
 */
const isFiguresValue = (text: string) => /\d/.test(text) && /[^\d\s.,]/.test(text);

/**
 * A sentence as an answer may use it (tidied), or null when it cannot be one (too short, no
 * letter and no value, debris). Remembered for recent sentences: a popular section's sentences
 * come back with every passage drawn from it.
 */
const answerSentence = boundedMemo<string | null>(10_000, (raw) => {
  const text = tidy(raw);
  const words = /\p{L}/u.test(text) || isFiguresValue(text);
  return text.length < 3 || !words || isDebris(text) ? null : text;
});

/** A list item's marker, as tidy() strips it; a Markdown heading's hashes. */
const LIST_MARKER = /^\s*(?:[-*•·]|\d+[.)])\s+/;
const HEADING = /^\s*#{1,6}\s/;

/** A line of a passage's prose, as candidates are cut from it. */
interface Line {
  text: string;
  opens: Candidate['opens'];
  /** The terms it defines or, a table's row, is keyed by (Candidate.defines). */
  defines: ReadonlySet<string>;
  /** Running text: not a definition, a parameter or a labelled value (`Added in: …`). */
  prose: boolean;
  /** A table's row (definitions.ts isTableRow). */
  row: boolean;
}

/**
 * Lines of running text shorter than this are not what a layout wraps at (a PDF's, a plain
 * text's fixed width): "Opening hours", "Saturday 9am – 4pm" are lines as they were typed.
 */
const WRAP_WIDTH = 40;

/** Whether `line` goes on from the line before as a layout wraps text. */
const wrapsOnto = (before: string, line: string) =>
  opensLowerCase(line) || before.trim().length >= WRAP_WIDTH;

/**
 * The lines of a piece of prose, each with what sets it off from the one before: a blank line
 * (a new paragraph or a heading; also the piece's first line), or a line break (before a list
 * item, a definition or a parameter, after a line ending with a colon, or after a short line
 * of typed text). A line the layout wrapped (a PDF's, a plain text's) is joined to the one it
 * goes on from, so that its sentences are whole.
 */
function linesOf(piece: string): Line[] {
  const lines: Line[] = [];
  // Lines, and before each (odd indices) a line break ("\n") or a blank line (two or more).
  const parts = piece.split(/(\n\s*\n|\n)/);
  for (let k = 0; k < parts.length; k += 2) {
    const text = parts[k] as string;
    const separator = parts[k - 1];
    const last = lines.at(-1);
    const row = isTableRow(text);
    const defines = row ? rowKey(text) : definedTerms(text);
    const prose = !row && defines.size === 0 && !isValueLine(text);
    if (separator !== '\n' || !last || HEADING.test(text)) {
      lines.push({ text, opens: '\n\n', defines, prose, row });
    } else if (
      LIST_MARKER.test(text) ||
      /:\s*$/.test(last.text) ||
      !prose ||
      !last.prose ||
      !wrapsOnto(parts[k - 2] as string, text)
    ) {
      lines.push({ text, opens: '\n', defines, prose, row });
    } else last.text = `${last.text.trimEnd()} ${text.trimStart()}`;
  }
  return lines;
}

/** A passage's text cut into prose and the fenced code blocks between (odd indices). */
const CODE_SPLIT = new RegExp(`(${FENCED_CODE_BLOCK.source})`, 'm');
/** A code block longer than this is not shown in an answer: the page has it. */
const MAX_CODE_CHARS = 800;
const MAX_CODE_LINES = 12;
/** A code block short enough for an answer to show (its fences counted apart). */
const shortCode = (code: string | undefined) =>
  !!code && code.length <= MAX_CODE_CHARS && code.split('\n').length <= MAX_CODE_LINES + 2;

/**
 * The sentences of a passage that may be answered with, in reading order. Code blocks are not
 * sentences; one is kept with the sentence that introduces it (ending with a colon, or left
 * unfinished, just before it), so an answer choosing that sentence can show the code it speaks
 * of; and the sentence going on after it knows it too.
 */
export function candidatesOf(passage: Passage, rank: number): Candidate[] {
  // A sentence saying the word the search took for the question's says the question's.
  const termsOf = (text: string) => withAlternatives(textTermSet(text), passage);
  const context = termsOf(
    [passage.title, passage.heading ?? '', passage.question ?? ''].join('\n'),
  );
  const headed = new Set(thingNames(ownHeading(passage.heading ?? '')));
  const out: Candidate[] = [];
  const pieces = passage.text.split(CODE_SPLIT);
  let line = 0;
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) return;
    const before = out.length;
    for (const { text: paragraph, opens: lineOpens, defines, prose, row } of linesOf(piece)) {
      let opens = lineOpens;
      for (const raw of splitSentences(paragraph.trim())) {
        const text = answerSentence(raw);
        if (text === null) continue;
        // A table row's own words are its cells'; its column labels are its context.
        const cells = row ? rowCells(text) : undefined;
        const parts = cells && rowParts(cells);
        out.push({
          rank,
          pos: out.length,
          passage,
          text,
          terms: termsOf(parts ? parts.values : text),
          context,
          labels: parts ? termsOf(parts.labels) : NO_TERMS,
          headed,
          prose,
          row,
          ...(cells
            ? {
                cells: cells.map(({ label, value }) => ({
                  label: termsOf(label),
                  terms: termsOf(value),
                  text: value,
                })),
              }
            : {}),
          line,
          defines,
          opens,
          score: 0,
          held: new Set(),
        });
        opens = ' ';
      }
      line++;
    }
    const previous = pieces[i - 1]?.trim();
    const first = out[before];
    if (first && shortCode(previous) && opensLowerCase(piece)) first.after = previous;
    const code = pieces[i + 1]?.trim();
    const last = out.at(-1);
    // "…, run:" or a sentence the code completes ("…, you'd just do" then the command).
    const introduces =
      out.length > before &&
      (/:$/.test(last?.text ?? '') ? /:\s*$/.test(piece) : !!last?.prose && leftUnfinished(piece));
    if (last && code && introduces && shortCode(code)) last.code = code;
  });
  return out;
}
