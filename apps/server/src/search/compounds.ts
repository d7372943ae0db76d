import { isStopWord, stem } from './analyzer.ts';

/**
 * English writes many phrasal verbs joined when they name a thing: "set up" / "setup",
 * "check out" / "checkout", "log in" / "login", "back up" / "backup", "time out" / "timeout".
 * A customer's question uses one spelling and the page the other.
 */
const PARTICLES = new Set(['up', 'out', 'in', 'down', 'back', 'off', 'over', 'on']);
/** Letters only: "v2 in" or "3 out" is no phrasal verb. */
const WORD = /^\p{L}{2,}$/u;

/**
 * The joined forms of the word–particle pairs of a text's tokens (analyzer.ts tokenize), in
 * order, as index terms: the verb is stemmed first, so "checked out" gives checkout and
 * "backing up" backup. The index holds them beside the text's own terms, so a question naming
 * the compound finds the page that spells it apart. Questions are not given them: a question's "find out" or "password in" would
 * then match every page using the same two words, a bigram bonus that moved answers to the
 * wrong pages.
 */
export function joinedTerms(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const particle = tokens[i + 1] as string;
    const word = tokens[i] as string;
    if (!PARTICLES.has(particle) || !WORD.test(word)) continue;
    if (isStopWord(word) || PARTICLES.has(word)) continue;
    out.push(stem(stem(word) + particle));
  }
  return out;
}
