import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Count, Timestamp } from './column-types.ts';

export type TrainingStatus = 'pending' | 'processing' | 'trained' | 'failed';

export interface BotsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  agent_name: Generated<string>;
  business_name: Generated<string>;
  base_prompt: Generated<string>;
  train_ai: Generated<boolean>;
  first_message: Generated<boolean>;
  image_training: Generated<boolean>;
  customize_bot: Generated<boolean>;
  embed_and_integrate: Generated<boolean>;
  status: ColumnType<TrainingStatus, TrainingStatus | undefined, TrainingStatus>;
  total_chars: Count;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SourcesTable {
  id: Generated<string>;
  bot_id: string;
  /** 'text' | 'qa' | 'csv' | 'website' | 'sitemap' | 'pdf' | 'images' | 'youtube' */
  type: string;
  /** Trained-items list: 1 website, 2 question, 3 text & files, 4 youtube. */
  source_type: number;
  title: Generated<string>;
  origin: string | null;
  status: ColumnType<TrainingStatus, TrainingStatus | undefined, TrainingStatus>;
  char_count: Count;
  input: ColumnType<unknown, string | null, string | null>;
  documents_total: number | null;
  documents_done: Generated<number>;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentsTable {
  id: Generated<string>;
  bot_id: string;
  source_id: string;
  title: Generated<string>;
  url: string | null;
  kind: Generated<string>;
  content_hash: string;
  char_count: Generated<number>;
  excerpt: Generated<string>;
  seq: Generated<number>;
  created_at: Timestamp;
}

export interface ChunksTable {
  id: Generated<number>;
  bot_id: string;
  document_id: string;
  ordinal: number;
  text: string;
  heading: string | null;
  question: string | null;
  char_count: Generated<number>;
  anchor: string | null;
}

/** A trained page's link to another page, with the words around it (migration 0024). */
export interface DocumentLinksTable {
  document_id: string;
  bot_id: string;
  target_url: string;
  target_anchor: string | null;
  text: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<string>;
  name: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  dedupe_key: string | null;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface KnowledgeTables {
  bots: BotsTable;
  sources: SourcesTable;
  documents: DocumentsTable;
  chunks: ChunksTable;
  document_links: DocumentLinksTable;
  jobs: JobsTable;
}
