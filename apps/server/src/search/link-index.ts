import { analyze } from './analyzer.ts';

/**
 * What a bot's pages say about each other. A site's pages link to one another with a few words
 * around each link ("to keep your password in memory for a while, use the cache helper"), and
 * those words describe the linked page in its readers' terms, often not the page's own: the
 * anchor text of web search. What the bot's other pages say about each trained page (or,
 * for links to one of its sections, about that section) forms one small document; the places
 * whose descriptions best match a question (BM25) have their chunks' scores raised a little
 * (retrieve.ts), so a place that is what the question asks about by the site's own account
 * ranks higher, while the question's words in its text still rank its chunks.
 */
export interface LinkIndex {
  /** Per described place: its chunk ids. */
  chunkIds: number[][];
  /** Per described place: the number of terms in its descriptions. */
  lengths: number[];
  averageLength: number;
  /** Term → the described places holding it, with how often. */
  postings: Map<string, { place: number; tf: number }[]>;
  /** Approximate memory held, for the cache's accounting. */
  bytes: number;
}

/** A page or section, with what the bot's other pages say about it where they link to it. */
export interface DescribedPlace {
  chunkIds: number[];
  descriptions: string[];
}

const K1 = 1.2;
const B = 0.75;
/**
 * How many of the best-described places are raised for a question: on the development sets 2
 * put as many answers' pages first as 3 but left two extractive answers without their phrase,
 * 1 gained less (links to whole pages only), 5 as much as 3.
 */
const DESCRIBED_PLACES = 3;

export function buildLinkIndex(places: DescribedPlace[]): LinkIndex {
  const postings = new Map<string, { place: number; tf: number }[]>();
  const lengths: number[] = [];
  let bytes = 0;
  places.forEach((described, place) => {
    const counts = new Map<string, number>();
    // The same words linking from several places (a repeated "see also") describe it once.
    const terms = analyze([...new Set(described.descriptions)].join('\n'));
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    lengths.push(terms.length);
    for (const [term, tf] of counts) {
      let list = postings.get(term);
      if (!list) {
        list = [];
        postings.set(term, list);
        bytes += 2 * term.length + 64;
      }
      list.push({ place, tf });
    }
    bytes += 32 * counts.size + 8 * described.chunkIds.length;
  });
  const total = lengths.reduce((n, l) => n + l, 0);
  return {
    chunkIds: places.map((p) => p.chunkIds),
    lengths,
    averageLength: places.length > 0 ? total / places.length : 0,
    postings,
    bytes,
  };
}

/** The chunks of the places whose descriptions best match the query's weighted terms. */
export function describedChunks(index: LinkIndex, weights: ReadonlyMap<string, number>): number[] {
  const n = index.lengths.length;
  const scores = new Map<number, number>();
  for (const [term, weight] of weights) {
    const list = index.postings.get(term);
    if (!list) continue;
    const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    for (const { place, tf } of list) {
      const norm = 1 - B + (B * (index.lengths[place] ?? 0)) / (index.averageLength || 1);
      const s = (weight * idf * tf * (K1 + 1)) / (tf + K1 * norm);
      scores.set(place, (scores.get(place) ?? 0) + s);
    }
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, DESCRIBED_PLACES)
    .flatMap(([place]) => index.chunkIds[place] ?? []);
}
