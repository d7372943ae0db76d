import type { ColumnType } from 'kysely';

/** A timestamptz with a default (`now()`): inserts may leave it out. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamptz without a default: every insert sets it. */
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
/** bigint columns with a default: read as numbers (see db/client.ts), written as numbers. */
export type Count = ColumnType<number, number | undefined, number>;
/** A json/jsonb column: parsed on read, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
