import type { AccountsTables } from './tables/accounts.ts';
import type { AnalyticsTables } from './tables/analytics.ts';
import type { ChatTables } from './tables/chat.ts';
import type { CrawlTables } from './tables/crawl.ts';
import type { EmbeddingsTables } from './tables/embeddings.ts';
import type { KnowledgeTables } from './tables/knowledge.ts';
import type { MediaTables } from './tables/media.ts';
import type { SearchTables } from './tables/search.ts';
import type { WidgetTables } from './tables/widget.ts';

/** The whole database as Kysely sees it: one interface per area, composed here. */
export interface DB
  extends AccountsTables,
    KnowledgeTables,
    ChatTables,
    SearchTables,
    EmbeddingsTables,
    MediaTables,
    CrawlTables,
    WidgetTables,
    AnalyticsTables {}
