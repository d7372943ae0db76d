import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { insertBotWithTextSource } from '../../../test/helpers/bots.ts';
import { createScratchDatabase } from '../../../test/helpers/database.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import type { DB } from '../../db/schema.ts';
import { insertDocumentLinks } from '../../ingest/ingest.repo.ts';
import { type ChunkSource, chunkDocument } from '../chunker.ts';
import { indexDocuments } from '../lexical-index.ts';

export interface SearchTestDb {
  db: Kysely<DB>;
  database: Database;
  close(): Promise<void>;
}

/**
 * A migrated database for search tests and benchmarks: in-memory PGlite by default, a scratch
 * PostgreSQL database when `serverUrl` (TEST_DATABASE_URL) is given.
 */
export async function openSearchTestDb(
  serverUrl?: string,
  pgliteDir: string | null = null,
): Promise<SearchTestDb> {
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir });
  await migrate(database.db);
  return {
    db: database.db,
    database,
    async close() {
      await database.close();
      await scratch?.drop();
    },
  };
}

/** A user, a bot and one source to hang documents on. */
export async function createBot(db: Kysely<DB>): Promise<{ botId: string; sourceId: string }> {
  const user = await db
    .insertInto('users')
    .values({ email: `${randomUUID()}@example.test`, password_hash: null, avatar_path: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return insertBotWithTextSource(db, { user_id: user.id, name: 'Search test bot' });
}

/** A document as tests give it: a web page may link to others, with the words around. */
export type TestDocument = ChunkSource & {
  url?: string | null;
  links?: { url: string; anchor?: string; text: string }[];
};

/**
 * Stores documents the way the ingestion pipeline does (document rows, chunker, chunk rows,
 * lexical index, one transaction) and returns their ids. Tests and the latency benchmark use
 * it where the full pipeline (jobs, sources, progress) is not the subject.
 */
export async function addDocuments(
  db: Kysely<DB>,
  bot: { botId: string; sourceId: string },
  docs: TestDocument[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const docRows = await trx
      .insertInto('documents')
      .values(
        docs.map((doc) => ({
          bot_id: bot.botId,
          source_id: bot.sourceId,
          title: doc.title,
          url: doc.url ?? null,
          kind: doc.kind,
          content_hash: randomUUID(),
          char_count: doc.text.length,
        })),
      )
      .returning('id')
      .execute();
    const drafted = docs.map((doc, i) => ({
      doc,
      documentId: (docRows[i] as { id: string }).id,
      drafts: chunkDocument(doc),
    }));
    const flat = drafted.flatMap(({ documentId, drafts }) =>
      drafts.map((d) => ({ documentId, ...d })),
    );
    const ids = new Map<string, number>();
    if (flat.length > 0) {
      const rows = await sql<{ id: number; document_id: string; ordinal: number }>`
        INSERT INTO chunks (bot_id, document_id, ordinal, text, heading, question, char_count, anchor)
        SELECT ${bot.botId}::uuid, c.document_id, c.ordinal, c.text, c.heading, c.question, c.char_count,
               c.anchor
        FROM unnest(${flat.map((d) => d.documentId)}::uuid[], ${flat.map((d) => d.ordinal)}::int[],
                    ${flat.map((d) => d.text)}::text[], ${flat.map((d) => d.heading)}::text[],
                    ${flat.map((d) => d.question)}::text[], ${flat.map((d) => d.charCount)}::int[],
                    ${flat.map((d) => d.anchor ?? null)}::text[])
             AS c(document_id, ordinal, text, heading, question, char_count, anchor)
        RETURNING id, document_id, ordinal`.execute(trx);
      for (const r of rows.rows) ids.set(`${r.document_id}/${r.ordinal}`, r.id);
    }
    const documents = drafted.map(({ doc, documentId, drafts }) => ({
      documentId,
      title: doc.title,
      chunks: drafts.map((d) => ({
        id: ids.get(`${documentId}/${d.ordinal}`) as number,
        text: d.text,
        heading: d.heading,
        question: d.question,
      })),
    }));
    await indexDocuments(trx, { botId: bot.botId, documents });
    await insertDocumentLinks(
      trx,
      bot.botId,
      drafted.map(({ doc, documentId }) => ({ documentId, links: doc.links ?? [] })),
    );
    return documents.map((d) => d.documentId);
  });
}

export async function addDocument(
  db: Kysely<DB>,
  bot: { botId: string; sourceId: string },
  doc: TestDocument,
): Promise<string> {
  const [id] = await addDocuments(db, bot, [doc]);
  return id as string;
}
