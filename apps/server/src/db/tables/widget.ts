import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  window_start: Timestamp;
  hits: ColumnType<number, number | undefined, number>;
}

export interface WidgetTables {
  bot_themes: BotThemesTable;
  bot_allowed_domains: BotAllowedDomainsTable;
  public_rate_counters: PublicRateCountersTable;
}
