import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DescribedPlace } from './link-index.ts';

type Db = Kysely<DB> | Transaction<DB>;

const add = <K>(map: Map<K, number[]>, key: K, id: number) => {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
};

/**
 * The places of the bot's trained pages that its other trained pages link to, each with the
 * words around those links and its chunk ids. A link names its target by address: the target
 * is the bot's document at that address (a page linking to itself says nothing new about
 * itself), and the section whose heading id the link's fragment names, where the page has one;
 * otherwise the whole page.
 */
export async function loadDescribedPlaces(db: Db, botId: string): Promise<DescribedPlace[]> {
  const links = await sql<{ document_id: string; target_anchor: string | null; text: string }>`
    SELECT d.id AS document_id, l.target_anchor, l.text
    FROM document_links l
    JOIN documents d ON d.bot_id = l.bot_id AND d.url = l.target_url
    WHERE l.bot_id = ${botId}::uuid AND l.document_id <> d.id`.execute(db);
  if (links.rows.length === 0) return [];
  const targets = [...new Set(links.rows.map((r) => r.document_id))];
  const chunks = await sql<{ id: number; document_id: string; anchor: string | null }>`
    SELECT id, document_id, anchor FROM chunks
    WHERE bot_id = ${botId}::uuid AND document_id = ANY(${targets}::uuid[])
    ORDER BY id`.execute(db);
  const ofPage = new Map<string, number[]>();
  const ofSection = new Map<string, number[]>();
  for (const c of chunks.rows) {
    add(ofPage, c.document_id, Number(c.id));
    if (c.anchor) add(ofSection, `${c.document_id}#${c.anchor}`, Number(c.id));
  }
  const places = new Map<string, DescribedPlace>();
  for (const r of links.rows) {
    const section = r.target_anchor ? `${r.document_id}#${r.target_anchor}` : '';
    const key = ofSection.has(section) ? section : r.document_id;
    const place = places.get(key);
    if (place) place.descriptions.push(r.text);
    else {
      const chunkIds = ofSection.get(key) ?? ofPage.get(r.document_id) ?? [];
      places.set(key, { chunkIds, descriptions: [r.text] });
    }
  }
  return [...places.values()].filter((p) => p.chunkIds.length > 0);
}
