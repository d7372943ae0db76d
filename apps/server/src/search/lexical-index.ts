import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FieldTotals } from '../db/tables/search.ts';
import { termsOfTokens, tokenize } from './analyzer.ts';
import { joinedTerms } from './compounds.ts';
import { compoundParts } from './decompound.ts';
import { FIELD_COUNT } from './fields.ts';
import { identifierParts, qualifiedNames } from './identifiers.ts';
import { impliedTerms } from './implied-terms.ts';
import { encodePostings, type Posting } from './postings-codec.ts';
import { deleteSegment, replaceSegments } from './search.repo.ts';
import { maybeMerge } from './segment-merge.ts';
import { FENCED_CODE_BLOCK } from './structure.ts';

export interface IndexableChunk {
  id: number;
  text: string;
  heading: string | null;
  question: string | null;
}

export interface IndexChunksArgs {
  botId: string;
  documentId: string;
  title: string;
  chunks: IndexableChunk[];
}

/** A field's text cut into tokens once: its terms are counted after the whole document is read. */
interface FieldText {
  text: string;
  tokens: string[];
}

const fieldText = (text: string | null): FieldText | null =>
  text ? { text, tokens: tokenize(text) } : null;

function countTerms(
  field: FieldText | null,
  vocabulary: ReadonlySet<string>,
): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  if (!field) return { counts, length: 0 };
  const terms = termsOfTokens(field.tokens);
  // A phrasal verb's joined form, what the text implies (a hyphened word closed, a telephone
  // number's "phone"), an identifier's words, a qualified name and a compound's parts are more
  // terms at the same place: the length is unchanged.
  const more = [
    ...joinedTerms(field.tokens),
    ...impliedTerms(field.text),
    ...identifierParts(field.text),
    ...qualifiedNames(field.text),
    ...compoundParts(field.tokens, vocabulary),
  ];
  for (const t of [...terms, ...more]) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { counts, length: terms.length };
}

/**
 * A chunk's prose and its code blocks apart: code repeats its identifiers and keywords line
 * after line, so counted as prose it outweighs the sentences that explain it (search/fields.ts).
 */
function splitCode(text: string): { prose: string; code: string | null } {
  const blocks: string[] = [];
  const prose = text.replace(FENCED_CODE_BLOCK, (block) => {
    blocks.push(block);
    return '';
  });
  return { prose, code: blocks.length > 0 ? blocks.join('\n') : null };
}

/** Builds a document's segment: one encoded posting list per distinct term, plus totals. */
export function buildSegment(args: IndexChunksArgs): {
  terms: string[];
  postings: Buffer[];
  totals: FieldTotals;
} {
  const totals: FieldTotals = {
    body_len: 0,
    body_n: 0,
    title_len: 0,
    title_n: 0,
    heading_len: 0,
    heading_n: 0,
    question_len: 0,
    question_n: 0,
  };
  const byTerm = new Map<string, Posting[]>();
  const titleText = fieldText(args.title);
  // FIELDS order: body, title, heading, question, code.
  const texts = args.chunks.map((chunk) => {
    const { prose, code } = splitCode(chunk.text);
    return [
      fieldText(prose),
      titleText,
      fieldText(chunk.heading),
      fieldText(chunk.question),
      fieldText(code),
    ];
  });
  // Every word the document writes, for telling its closed compounds (decompound.ts).
  const vocabulary = new Set(texts.flatMap((fields) => fields.flatMap((f) => f?.tokens ?? [])));
  const title = countTerms(titleText, vocabulary);
  args.chunks.forEach((chunk, c) => {
    const [body, , heading, question, code] = texts[c] ?? [];
    const fields = [
      countTerms(body ?? null, vocabulary),
      title,
      countTerms(heading ?? null, vocabulary),
      countTerms(question ?? null, vocabulary),
      countTerms(code ?? null, vocabulary),
    ];
    const lengths = fields.map((f) => f.length);
    totals.body_len += lengths[0] ?? 0;
    totals.title_len += lengths[1] ?? 0;
    totals.heading_len += lengths[2] ?? 0;
    totals.question_len += lengths[3] ?? 0;
    if (lengths[0]) totals.body_n++;
    if (lengths[1]) totals.title_n++;
    if (lengths[2]) totals.heading_n++;
    if (lengths[3]) totals.question_n++;
    const seen = new Map<string, Posting>();
    fields.forEach((field, f) => {
      for (const [term, tf] of field.counts) {
        let posting = seen.get(term);
        if (!posting) {
          posting = { chunkId: chunk.id, tf: new Array(FIELD_COUNT).fill(0), len: [...lengths] };
          seen.set(term, posting);
          const list = byTerm.get(term);
          if (list) list.push(posting);
          else byTerm.set(term, [posting]);
        }
        posting.tf[f] = tf;
      }
    });
  });
  const terms = [...byTerm.keys()].sort();
  return { terms, postings: terms.map((t) => encodePostings(byTerm.get(t) ?? [])), totals };
}

/**
 * (Re)indexes one document's chunks for lexical search. Replaces any previous segment of the
 * document, so re-running never duplicates postings. Pass a transaction to make it atomic
 * with the caller's chunk writes; otherwise one is opened here.
 */
export async function indexChunks(
  db: Kysely<DB> | Transaction<DB>,
  args: IndexChunksArgs,
): Promise<void> {
  await indexDocuments(db, {
    botId: args.botId,
    documents: [{ documentId: args.documentId, title: args.title, chunks: args.chunks }],
  });
}

/**
 * indexChunks for many documents of one bot in a few statements (the same result as calling
 * it for each): the cheaper path for batches of small documents.
 */
export async function indexDocuments(
  db: Kysely<DB> | Transaction<DB>,
  args: { botId: string; documents: Omit<IndexChunksArgs, 'botId'>[] },
): Promise<void> {
  const writes = args.documents.map((doc) => {
    const { terms, postings, totals } = buildSegment({ ...doc, botId: args.botId });
    return {
      documentId: doc.documentId,
      chunkIds: doc.chunks.map((c) => c.id),
      totals,
      terms,
      postings,
    };
  });
  const run = async (trx: Transaction<DB>) => {
    await replaceSegments(trx, args.botId, writes);
    await maybeMerge(trx, args.botId);
  };
  if (db.isTransaction) await run(db as Transaction<DB>);
  else await db.transaction().execute(run);
}

/** Merges every pending segment of the bot now (e.g. when a training run finishes). */
export async function compactBotIndex(db: Kysely<DB>, botId: string): Promise<void> {
  await db.transaction().execute((trx) => maybeMerge(trx, botId, true));
}

/** Removes a document from the lexical index (deleting the document row does this too). */
export async function unindexDocument(
  db: Kysely<DB> | Transaction<DB>,
  documentId: string,
): Promise<void> {
  await deleteSegment(db, documentId);
}
