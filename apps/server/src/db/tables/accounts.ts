import type { Generated } from 'kysely';
import type { RequiredTimestamp, Timestamp } from './column-types.ts';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: Generated<string>;
  password_hash: string | null;
  avatar_path: string | null;
  plan: Generated<string>;
  email_notifications: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  refresh_jti: string;
  previous_refresh_jti: Generated<string | null>;
  csrf_token: string;
  created_at: Timestamp;
  refreshed_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: Timestamp | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  purpose: 'signup' | 'reset';
  email: string;
  user_id: string | null;
  expires_at: RequiredTimestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  sent_at: Timestamp | null;
  /** SMTP attempts so far; a failed one schedules `next_attempt_at` until the last. */
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_error: string | null;
  reply_to: string | null;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  contact_number: string;
  email_address: string;
  location: Generated<string>;
  company_name: Generated<string>;
  message: Generated<string>;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  email: string;
  failures: number;
  last_failure_at: RequiredTimestamp;
  next_attempt_at: RequiredTimestamp;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  login_failures: LoginFailuresTable;
}
