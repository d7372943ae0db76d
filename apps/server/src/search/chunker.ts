import { splitAtWords, splitSentences } from './sentences.ts';
import { parseSections } from './structure.ts';

export type DocumentKind = 'text' | 'qa' | 'web' | 'pdf' | 'transcript';

export interface ChunkSource {
  title: string;
  text: string;
  kind: DocumentKind;
  question?: string;
  answer?: string;
}

export interface ChunkDraft {
  ordinal: number;
  text: string;
  heading: string | null;
  question: string | null;
  charCount: number;
  /** Where in the source the chunk's section starts (a page's heading id), when known. */
  anchor?: string;
}

/**
 * Paragraphs are packed up to TARGET characters; one paragraph up to MAX stays whole; longer
 * ones are cut at sentence boundaries. A chunk that had to be cut carries its last sentence
 * (when short) into the next one so a fact straddling the cut is found in either.
 */
export const CHUNK_TARGET = 1200;
export const CHUNK_MAX = 1600;
const OVERLAP_MAX = 250;

/**
 * Pieces of one paragraph, each at most TARGET (or MAX for one sentence): a paragraph of several
 * lines (a list, a table, a definition with its code) is cut between lines first, so an item or
 * a row stays whole; a long line is cut between sentences.
 */
function paragraphPieces(para: string): string[] {
  if (para.length <= CHUNK_MAX) return [para];
  const lines = para.split('\n');
  if (lines.length === 1) return sentencePieces(para);
  const pieces: string[] = [];
  let buf = '';
  for (const line of lines.flatMap((l) => (l.length > CHUNK_MAX ? sentencePieces(l) : [l]))) {
    if (buf && buf.length + 1 + line.length > CHUNK_TARGET) {
      pieces.push(buf);
      buf = '';
    }
    buf = buf ? `${buf}\n${line}` : line;
  }
  if (buf.trim()) pieces.push(buf);
  return pieces;
}

/** Sentence-aligned pieces of one line of text. */
function sentencePieces(para: string): string[] {
  const pieces: string[] = [];
  let buf = '';
  for (const raw of splitSentences(para)) {
    for (const sentence of raw.length > CHUNK_MAX ? splitAtWords(raw, CHUNK_TARGET) : [raw]) {
      if (buf && buf.length + sentence.length > CHUNK_TARGET) {
        pieces.push(buf.trim());
        buf = '';
      }
      buf += buf && !/\s$/.test(buf) ? ` ${sentence}` : sentence;
    }
  }
  if (buf.trim()) pieces.push(buf.trim());
  return pieces;
}

function lastSentence(text: string): string | null {
  const s = splitSentences(text).at(-1)?.trim();
  return s && s.length <= OVERLAP_MAX && s.length < text.length ? s : null;
}

interface Piece {
  text: string;
  paragraph: number;
}

/** Pieces of one paragraph rejoin with a space, different paragraphs with a blank line. */
function render(pieces: Piece[]): string {
  let out = '';
  pieces.forEach((p, i) => {
    if (i === 0) out = p.text;
    else out += (pieces[i - 1]?.paragraph === p.paragraph ? ' ' : '\n\n') + p.text;
  });
  return out;
}

function packSection(paragraphs: string[]): string[] {
  const chunks: string[] = [];
  let buf: Piece[] = [];
  let size = 0;
  paragraphs.forEach((para, paragraph) => {
    for (const text of paragraphPieces(para)) {
      if (buf.length > 0 && size + 2 + text.length > CHUNK_TARGET) {
        chunks.push(render(buf));
        const last = buf.at(-1) as Piece;
        const carry = lastSentence(last.text);
        buf =
          carry && carry.length + 2 + text.length <= CHUNK_MAX
            ? [{ text: carry, paragraph: last.paragraph }]
            : [];
        size = buf.length > 0 ? (carry?.length ?? 0) : 0;
      }
      size += (buf.length > 0 ? 2 : 0) + text.length;
      buf.push({ text, paragraph });
    }
  });
  if (buf.length > 0) chunks.push(render(buf));
  return chunks;
}

/** Splits one document into chunks that keep its structure (see the module constants). */
export function chunkDocument(doc: ChunkSource): ChunkDraft[] {
  if (doc.kind === 'qa' || doc.question !== undefined) {
    const question = (doc.question ?? doc.title).trim();
    const text = (doc.answer ?? doc.text).trim();
    if (!question && !text) return [];
    return [
      { ordinal: 0, text, heading: null, question: question || null, charCount: text.length },
    ];
  }
  const drafts: ChunkDraft[] = [];
  for (const section of parseSections(doc.text, doc.kind)) {
    for (const text of packSection(section.paragraphs)) {
      drafts.push({
        ordinal: drafts.length,
        text,
        heading: section.heading,
        question: null,
        charCount: text.length,
        ...(section.anchor ? { anchor: section.anchor } : {}),
      });
    }
  }
  if (drafts.length === 0) {
    // A page of headings only (a chapter's title page) is still a document: its headings are its text.
    const text = doc.text
      .split('\n')
      .map((line) =>
        line
          .replace(/^\s*#{1,6}\s+/, '')
          .replace(/\s*\{#[^\s{}]+\}\s*$/, '')
          .trim(),
      )
      .filter(Boolean)
      .join('\n');
    if (text)
      drafts.push({ ordinal: 0, text, heading: null, question: null, charCount: text.length });
  }
  return drafts;
}
