import type { AccountsTables } from './tables/accounts.ts';
import type { KnowledgeTables } from './tables/knowledge.ts';

/** The whole database as Kysely sees it: one interface per area, composed here. */
export interface DB extends AccountsTables, KnowledgeTables {}
