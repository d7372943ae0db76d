import type { ChunkDraft } from './chunker.ts';

/**
 * Places inside a document without headings of its own: a PDF's pages, a video's times. Each
 * chunk records the place where it starts in its anchor (`page=12`, `t=75`), so a cited source
 * can name it ("page 12", "at 1:15") and open there (`file.pdf#page=12`, `…&t=75s`).
 */
export interface Place {
  page?: number;
  timeSeconds?: number;
}

/** Where a place starts in a document's text, counted in non-blank characters (see below). */
export interface PlaceMark {
  at: number;
  anchor: string;
}

export const pageAnchor = (page: number) => `page=${page}`;
export const timeAnchor = (seconds: number) => `t=${Math.max(0, Math.floor(seconds))}`;

/** The place an anchor names, or null for any other anchor (a heading's id). */
export function parsePlace(anchor: string): Place | null {
  const page = /^page=(\d{1,6})$/.exec(anchor);
  if (page) return { page: Number(page[1]) };
  const time = /^t=(\d{1,7})$/.exec(anchor);
  if (time) return { timeSeconds: Number(time[1]) };
  return null;
}

const BLANK = /\s+/g;
const squeeze = (text: string) => text.replace(BLANK, '');

/**
 * Marks for consecutive pieces of a text (its pages, its caption lines), each piece starting
 * where the previous one's non-blank characters end. Positions count non-blank characters
 * only, so they survive the whitespace normalisation and re-wrapping between extraction and
 * chunking.
 */
export function marksOf(pieces: { text: string; anchor: string }[]): PlaceMark[] {
  const marks: PlaceMark[] = [];
  let at = 0;
  for (const piece of pieces) {
    marks.push({ at, anchor: piece.anchor });
    at += squeeze(piece.text).length;
  }
  return marks;
}

/** How much of a chunk's start is looked for in the document; a shorter probe is the fallback. */
const PROBE_CHARS = 48;
const SHORT_PROBE_CHARS = 16;

/**
 * Gives each chunk without an anchor the place where its text starts. Chunks come in document
 * order, so each is looked for from where the previous one started; a chunk not found (its
 * text re-joined differently) keeps that previous position.
 */
export function placeChunks(drafts: ChunkDraft[], text: string, marks: PlaceMark[]): void {
  if (marks.length === 0) return;
  const whole = squeeze(text);
  let cursor = 0;
  for (const draft of drafts) {
    const start = squeeze(draft.text);
    let found = whole.indexOf(start.slice(0, PROBE_CHARS), cursor);
    if (found < 0) found = whole.indexOf(start.slice(0, SHORT_PROBE_CHARS), cursor);
    if (found >= 0) cursor = found;
    if (draft.anchor) continue;
    let anchor: string | undefined;
    for (const mark of marks) {
      if (mark.at > cursor) break;
      anchor = mark.anchor;
    }
    if (anchor) draft.anchor = anchor;
  }
}
