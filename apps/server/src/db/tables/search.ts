import type { Generated } from 'kysely';

/** Lexical index tables (migration 0003_search.sql); written only by search/*.repo.ts. */
export interface FieldTotals {
  body_len: number;
  body_n: number;
  title_len: number;
  title_n: number;
  heading_len: number;
  heading_n: number;
  question_len: number;
  question_n: number;
}

export interface SearchDocumentsTable extends FieldTotals {
  document_id: string;
  bot_id: string;
  block_id: number | null;
  chunk_ids: number[];
  chunk_count: number;
  /** The analyzer version its terms were written with (search/terms-version.ts). */
  terms_version: Generated<number>;
}

export interface SearchPostingsTable {
  document_id: string;
  bot_id: string;
  term: string;
  postings: Buffer;
}

export interface SearchBlockListTable {
  block_id: Generated<number>;
  bot_id: string;
  level: number;
  doc_count: number;
}

export interface SearchBlocksTable {
  block_id: number;
  bot_id: string;
  term: string;
  postings: Buffer;
}

export interface SearchTombstonesTable {
  block_id: number;
  bot_id: string;
  chunk_id: number;
}

export interface SearchBotStatsTable extends FieldTotals {
  bot_id: string;
  chunk_count: number;
  /** Grows with every change to the bot's index (migration 0022). */
  generation: Generated<number>;
}

export interface SearchTables {
  search_documents: SearchDocumentsTable;
  search_postings: SearchPostingsTable;
  search_block_list: SearchBlockListTable;
  search_blocks: SearchBlocksTable;
  search_tombstones: SearchTombstonesTable;
  search_bot_stats: SearchBotStatsTable;
}
