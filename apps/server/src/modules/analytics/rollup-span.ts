import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type DayRange, rangeEnd, rangeStart } from './range.ts';

const DAY_MS = 86_400_000;

/**
 * A range of local days as instants, split for the per-UTC-day rollups (migration 0015): the
 * whole UTC days inside it are read from the rollups, the parts of a UTC day at either end
 * (local midnight is UTC midnight only in UTC) from the chats themselves.
 */
export interface RollupSpan {
  /** Local midnight of the first day, and of the day after the last. */
  start: Date;
  end: Date;
  /** The whole UTC days, `from` included, `to` not (YYYY-MM-DD); null when there are none. */
  days: { from: string; to: string } | null;
  /** The instants outside those days, as [from, to) windows. */
  edges: [Date, Date][];
}

const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Splits [start, end) into whole UTC days and the windows left at either end. */
export function splitSpan(start: Date, end: Date): RollupSpan {
  const s = start.getTime();
  const e = end.getTime();
  const firstMidnight = Math.ceil(s / DAY_MS) * DAY_MS;
  const lastMidnight = Math.floor(e / DAY_MS) * DAY_MS;
  if (firstMidnight >= lastMidnight) return { start, end, days: null, edges: [[start, end]] };
  const edges: [Date, Date][] = [];
  if (s < firstMidnight) edges.push([start, new Date(firstMidnight)]);
  if (lastMidnight < e) edges.push([new Date(lastMidnight), end]);
  return {
    start,
    end,
    days: { from: utcDate(firstMidnight), to: utcDate(lastMidnight) },
    edges,
  };
}

/** The range's instants, converted by the database (the same zone rules as every query). */
export async function rollupSpan(db: Kysely<DB>, r: DayRange): Promise<RollupSpan> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    SELECT ${rangeStart(r)} AS start, ${rangeEnd(r)} AS end`.execute(db);
  const row = rows[0] as { start: Date; end: Date };
  return splitSpan(new Date(row.start), new Date(row.end));
}

/** A rollup row's `day` is one of the span's whole UTC days. */
export const inDays = (span: RollupSpan): RawBuilder<SqlBool> =>
  span.days
    ? sql<SqlBool>`(day >= ${span.days.from}::date AND day < ${span.days.to}::date)`
    : sql<SqlBool>`false`;

/** A chat row's `column` (a timestamptz) falls in one of the span's edge windows. */
export function inEdges(column: string, span: RollupSpan): RawBuilder<SqlBool> {
  if (span.edges.length === 0) return sql<SqlBool>`false`;
  const ref = sql.ref(column);
  const windows = span.edges.map(([from, to]) => sql`(${ref} >= ${from} AND ${ref} < ${to})`);
  return sql<SqlBool>`(${sql.join(windows, sql` OR `)})`;
}
