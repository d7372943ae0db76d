import { type ChatMessage, neutralise } from './prompt.ts';
import { conversationText } from './rewrite.ts';
import type { PastTurn } from './types.ts';

/**
 * Asking a model for the words the knowledge base likely answers a question in. A customer
 * asks in their own words ("can I download just the recent part of the repo?"), the pages
 * answer in theirs ("shallow clone", "--depth"), and a lexical search only finds a page through
 * words both share; a model knows both vocabularies. Its words join the search beside the
 * question's own (follow-up.ts), never instead of them.
 */

/** A reply longer than this, or on several lines, is not a line of keywords: it is not used. */
const MAX_REPLY_CHARS = 300;

/**
 * The request for a question's search words; in a conversation, the turns before it say what
 * "it" and "that" in the question are.
 */
export function searchTermsMessages(question: string, history: PastTurn[] = []): ChatMessage[] {
  const conversation =
    history.length > 0 ? `<conversation>\n${conversationText(history)}\n</conversation>\n` : '';
  return [
    {
      role: 'system',
      content:
        "You help search a knowledge base (a business's website, documentation and help pages) for the answer to a customer's question. Reply with one line of at most 20 search keywords: the words, names and terms (products, features, commands, options, settings) that the passage answering the question most likely uses, including synonyms of the question's key words; when a conversation comes before the question, what the question refers to in it. Keywords only, separated by spaces, in the language of the question.",
    },
    // On lines of their own, so a model that only repeats its input gives no line of keywords.
    { role: 'user', content: `${conversation}<question>\n${neutralise(question)}\n</question>` },
  ];
}

/** The model's reply as one line of search words, or null when it is not one. */
export function parseSearchTerms(reply: string): string | null {
  const text = reply.trim();
  if (!text || text.includes('\n') || text.length > MAX_REPLY_CHARS) return null;
  return text;
}
