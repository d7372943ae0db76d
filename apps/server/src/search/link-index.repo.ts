import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DescribedPage } from './link-index.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The bot's trained pages that its other trained pages link to, each with the words around
 * those links and its chunk ids. A link names its target by address: the target is the
 * bot's document at that address (a page linking to itself says nothing new about itself).
 */
export async function loadDescribedPages(db: Db, botId: string): Promise<DescribedPage[]> {
  const links = await sql<{ document_id: string; text: string }>`
    SELECT d.id AS document_id, l.text
    FROM document_links l
    JOIN documents d ON d.bot_id = l.bot_id AND d.url = l.target_url
    WHERE l.bot_id = ${botId}::uuid AND l.document_id <> d.id`.execute(db);
  const descriptions = new Map<string, string[]>();
  for (const r of links.rows) {
    const list = descriptions.get(r.document_id);
    if (list) list.push(r.text);
    else descriptions.set(r.document_id, [r.text]);
  }
  if (descriptions.size === 0) return [];
  const chunks = await sql<{ document_id: string; ids: string }>`
    SELECT document_id, array_to_string(chunk_ids, ',') AS ids
    FROM search_documents
    WHERE bot_id = ${botId}::uuid AND document_id = ANY(${[...descriptions.keys()]}::uuid[])`.execute(
    db,
  );
  return chunks.rows.map((r) => ({
    chunkIds: r.ids === '' ? [] : r.ids.split(',').map(Number),
    descriptions: descriptions.get(r.document_id) ?? [],
  }));
}
