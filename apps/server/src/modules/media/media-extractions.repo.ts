import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MediaExtractionsTable } from '../../db/tables/media.ts';
import type { SourceInputs } from '../../ingest/sources/index.ts';

export type MediaKind = MediaExtractionsTable['kind'];
/** What stage 1 keeps for each kind: the input its stage-2 source will train. */
type ResultOf<K extends MediaKind> = SourceInputs[K];

/** Stage-1 results live this long; stage 2 after that extracts again. */
const KEEP_HOURS = 24;

export async function saveExtraction<K extends MediaKind>(
  db: Kysely<DB>,
  row: { userId: string; kind: K; contentKey: string; result: ResultOf<K>; charCount: number },
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
export async function findExtraction<K extends MediaKind>(
  db: Kysely<DB>,
  userId: string,
  kind: K,
  contentKey: string | null,
): Promise<{ result: ResultOf<K>; char_count: number } | undefined> {
  let query = db
    .selectFrom('media_extractions')
    .select(['result', 'char_count'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>=', sql<Date>`now() - make_interval(hours => ${KEEP_HOURS})`);
  if (contentKey !== null) query = query.where('content_key', '=', contentKey);
  const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  // Rows of a kind are written only by saveExtraction with that kind's result.
  return row as { result: ResultOf<K>; char_count: number } | undefined;
}
