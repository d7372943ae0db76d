import type { ColumnType } from 'kysely';
import type { RequiredTimestamp, Timestamp } from './column-types.ts';

export interface BotThemesTable {
  bot_id: string;
  header_color: string;
  agent_color: string;
  user_color: string;
  send_icon_color: string;
  chat_icon_color: string;
  header_logo: string | null;
  updated_at: Timestamp;
}

export interface BotAllowedDomainsTable {
  bot_id: string;
  domain: string;
}

export interface PublicRateCountersTable {
  key: string;
  window_start: RequiredTimestamp;
  hits: ColumnType<number, number | undefined, number>;
}

export interface BotWidgetBudgetsTable {
  bot_id: string;
  messages_per_minute: number | null;
  last_reached_at: Timestamp | null;
}

export interface WidgetTables {
  bot_themes: BotThemesTable;
  bot_allowed_domains: BotAllowedDomainsTable;
  public_rate_counters: PublicRateCountersTable;
  bot_widget_budgets: BotWidgetBudgetsTable;
}
