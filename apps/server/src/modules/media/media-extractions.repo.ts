import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MediaExtractionsTable } from '../../db/tables/media.ts';

export type MediaKind = MediaExtractionsTable['kind'];

/** Stage-1 results live this long; stage 2 after that extracts again. */
const KEEP_HOURS = 24;

export async function saveExtraction(
  db: Kysely<DB>,
  row: { userId: string; kind: MediaKind; contentKey: string; result: unknown; charCount: number },
): Promise<void> {
  // Expired rows of anyone, and an earlier extraction of the same content by this user.
  await db
    .deleteFrom('media_extractions')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', sql<Date>`now() - make_interval(hours => ${KEEP_HOURS})`),
        eb.and([
          eb('user_id', '=', row.userId),
          eb('kind', '=', row.kind),
          eb('content_key', '=', row.contentKey),
        ]),
      ]),
    )
    .execute();
  await db
    .insertInto('media_extractions')
    .values({
      user_id: row.userId,
      kind: row.kind,
      content_key: row.contentKey,
      result: JSON.stringify(row.result),
      char_count: row.charCount,
    })
    .execute();
}

/** The caller's latest fresh extraction of this content (or of this kind, without a key). */
export async function findExtraction(
  db: Kysely<DB>,
  userId: string,
  kind: MediaKind,
  contentKey: string | null,
): Promise<{ result: unknown; char_count: number } | undefined> {
  let query = db
    .selectFrom('media_extractions')
    .select(['result', 'char_count'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>=', sql<Date>`now() - make_interval(hours => ${KEEP_HOURS})`);
  if (contentKey !== null) query = query.where('content_key', '=', contentKey);
  return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}
