import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  countActiveKeys,
  countHit,
  countWidgetHits,
  deleteCountersBefore,
  refundHit,
  type WidgetCaps,
  type WidgetHits,
  type WidgetKeys,
} from './rate-counter.repo.ts';

/**
 * Hit counters per fixed time window, shared by every process that serves chats: the widget's
 * budgets and the dashboard's per-account limit count through these.
 */
export interface RateCounters {
  /** Counts one hit of `key` in the current window; returns the window's total. */
  hit(key: string, windowMs: number): Promise<number>;
  /** One widget message, counted as countWidgetHits (rate-counter.repo.ts) describes. */
  widgetHits(keys: WidgetKeys, caps: WidgetCaps, windowMs: number): Promise<WidgetHits>;
  /** Takes back one hit of `key` in the current window. */
  refund(key: string, windowMs: number): Promise<void>;
  /** How many keys starting with `prefix` have hits in the current window. */
  activeKeys(prefix: string, windowMs: number): Promise<number>;
  /** Forgets windows that started before `before`. */
  sweep(before: Date): Promise<void>;
}

/** Counters in the database: what several API processes (PostgreSQL) need to share counts. */
export function databaseRateCounters(db: Kysely<DB>): RateCounters {
  return {
    hit: (key, windowMs) => countHit(db, key, windowMs),
    widgetHits: (keys, caps, windowMs) => countWidgetHits(db, keys, caps, windowMs),
    refund: (key, windowMs) => refundHit(db, key, windowMs),
    activeKeys: (prefix, windowMs) => countActiveKeys(db, prefix, windowMs),
    sweep: (before) => deleteCountersBefore(db, before),
  };
}
