import type { ChatMessage } from './prompt.ts';
import { neutralise } from './prompt.ts';
import type { PastTurn, SourcePlace } from './types.ts';

/**
 * Asking a model to turn a follow-up ("and how do I undo that?") into a question that stands on
 * its own, for retrieval: the conversation and the follow-up go in one message, the model
 * answers with the question alone.
 */
const TURNS = 3;
const ANSWER_CHARS = 600;
/** A rewrite longer than this, or on several lines, is not a question: it is not used. */
const MAX_REWRITE_CHARS = 400;
/**
 * Sources named per answer. A page title and section name the topic exactly as the knowledge
 * base does ("Tags › Deleting tags"), where the answer may only say "it": a rewrite using
 * those words is searched with the words the pages use.
 */
const SOURCES_NAMED = 3;
const PLACE_CHARS = 160;

function placeName(p: SourcePlace): string {
  const section = p.section?.trim();
  const name = section && section !== p.title.trim() ? `${p.title} › ${section}` : p.title;
  return neutralise(name.replace(/\s+/g, ' ').trim()).slice(0, PLACE_CHARS);
}

function turnText(t: PastTurn): string {
  const lines = [
    `User: ${neutralise(t.question)}`,
    `Assistant: ${neutralise(t.answer.slice(0, ANSWER_CHARS))}`,
  ];
  const places = (t.sourcePlaces ?? []).slice(0, SOURCES_NAMED).map(placeName).filter(Boolean);
  if (places.length > 0) lines.push(`(answered from: ${places.join('; ')})`);
  return lines.join('\n');
}

/** The last turns of a conversation as a model reads them, with the places each was answered from. */
export function conversationText(history: PastTurn[]): string {
  return history.slice(-TURNS).map(turnText).join('\n');
}

export function rewriteMessages(question: string, history: PastTurn[]): ChatMessage[] {
  const conversation = conversationText(history);
  return [
    {
      role: 'system',
      content:
        'You rewrite the last message of a conversation as one standalone question that can be understood without the conversation: replace words that refer to earlier messages with what they refer to, using the names of the pages an answer came from when they name it. If it already stands on its own, repeat it unchanged. Reply with the question only, on one line, in the language of the message.',
    },
    {
      role: 'user',
      content: `<conversation>\n${conversation}\n</conversation>\n<last_message>\n${neutralise(question)}\n</last_message>`,
    },
  ];
}

/** The model's reply as a search question, or null when it is not one line of question. */
export function parseRewrite(reply: string): string | null {
  const unquote = (t: string) =>
    t
      .trim()
      .replace(/^["'“]+|["'”]+$/g, '')
      .trim();
  const text = unquote(
    unquote(reply).replace(/^(?:standalone question|question|rewritten)\s*:\s*/i, ''),
  );
  if (!text || text.includes('\n') || text.length > MAX_REWRITE_CHARS) return null;
  return text;
}
