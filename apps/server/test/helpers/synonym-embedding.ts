import { fakeEmbedding } from './fake-openai.ts';

/**
 * A fake embedding model that knows a few synonyms: words of one meaning share a vector
 * direction although the lexical index sees different words ("automobile" / "car"). Common
 * words carry no meaning, as in a real model's space they say little.
 */
const SYNONYMS: Record<string, string> = {
  automobile: 'car',
  automobiles: 'car',
  vehicle: 'car',
  vehicles: 'car',
  cars: 'car',
  price: 'cost',
  prices: 'cost',
  costs: 'cost',
  expense: 'cost',
};
const EMPTY = new Set(
  'a an the is are of to for in on at our your we you how much does do what which it'.split(' '),
);

export function synonymEmbedding(text: string, dim: number): number[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !EMPTY.has(w))
    .map((w) => SYNONYMS[w] ?? w);
  return fakeEmbedding(words.join(' '), dim);
}
