import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BotsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnowledgeTables {
  bots: BotsTable;
}
