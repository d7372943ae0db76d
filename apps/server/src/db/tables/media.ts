import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** Stage-1 extractions (migration 0005_media.sql); written only by media-extractions.repo.ts. */
export interface MediaExtractionsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'pdf' | 'images' | 'youtube';
  content_key: string;
  result: ColumnType<unknown, string, string>;
  char_count: number;
  created_at: Timestamp;
}

export interface MediaTables {
  media_extractions: MediaExtractionsTable;
}
