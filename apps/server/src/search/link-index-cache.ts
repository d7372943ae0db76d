import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { loadDescribedPlaces } from './link-index.repo.ts';
import { buildLinkIndex, type LinkIndex } from './link-index.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Reads and builds a bot's link index (link-index.ts). */
export const loadLinkIndex = async (db: Db, botId: string): Promise<LinkIndex> =>
  buildLinkIndex(await loadDescribedPlaces(db, botId));

/** Something that keeps a link index: the promise, once asked for. */
export interface LinkIndexHolder {
  links: Promise<LinkIndex> | undefined;
}

/**
 * The holder's link index, read once; `counted` learns its size once built, and a failed read
 * is not kept (the next question reads again).
 */
export function heldLinkIndex(
  db: Db,
  botId: string,
  holder: LinkIndexHolder,
  counted: (bytes: number) => void,
): Promise<LinkIndex> {
  if (!holder.links) {
    const links = loadLinkIndex(db, botId);
    holder.links = links;
    links.then(
      (index) => counted(index.bytes),
      () => {
        if (holder.links === links) holder.links = undefined;
      },
    );
  }
  return holder.links;
}

/** How many bots too big for the bot index cache keep their (much smaller) link index. */
const MAX_OVERSIZED = 4;

/**
 * Link indexes of the bots whose index is read afresh for every question (too big for the bot
 * index cache): without them, each question would read and build the whole link index again
 * (~150 ms for a 1,000-page manual). Kept per index generation, the most recent few.
 */
export class OversizedLinkIndexes {
  private readonly held = new Map<string, LinkIndexHolder & { generation: number }>();

  get(db: Db, botId: string, generation: number): Promise<LinkIndex> {
    let holder = this.held.get(botId);
    if (holder?.generation !== generation) holder = { generation, links: undefined };
    this.held.delete(botId);
    this.held.set(botId, holder);
    for (const oldest of this.held.keys()) {
      if (this.held.size <= MAX_OVERSIZED) break;
      this.held.delete(oldest);
    }
    return heldLinkIndex(db, botId, holder, () => undefined);
  }
}
