import { type Place, parsePlace } from '../../search/places.ts';
import type { AnswerEvent, AnswerSource, BotPersona, Passage } from './types.ts';

/** Said instead of guessing when the knowledge base has nothing on the question. */
export const DONT_KNOW_REPLY =
  "Sorry, I don't know the answer to that. I couldn't find it in the knowledge base.";

/**
 * For messages without a single content word: thanks and goodbyes get their courtesy, anything
 * else ("hi", "who are you?") an introduction.
 */
export function smallTalkReply(bot: BotPersona, message: string): string {
  const m = message.toLowerCase();
  if (/\b(thanks|thank|thx|cheers)\b/.test(m)) {
    return "You're welcome! Is there anything else I can help you with?";
  }
  if (/\b(bye|goodbye)\b/.test(m)) return 'Goodbye! Come back any time you have a question.';
  const who = bot.agentName.trim() || bot.name.trim() || 'the assistant';
  const business = bot.businessName.trim();
  return `Hi! I'm ${who}${business ? `, the assistant of ${business}` : ''}. Ask me a question and I'll answer it from the knowledge base.`;
}

export function sourceOf(p: Passage): AnswerSource {
  const source: AnswerSource = {
    title: p.title || p.heading || p.url || 'Untitled',
    url: p.url,
    chunkId: String(p.chunkId),
  };
  if (p.heading) source.section = p.heading;
  const place = p.anchor ? parsePlace(p.anchor) : null;
  if (place?.page) source.page = place.page;
  if (place?.timeSeconds !== undefined) source.timeSeconds = place.timeSeconds;
  const link = p.url && p.anchor ? linkTo(p.url, p.anchor, place) : null;
  if (link) source.link = link;
  return source;
}

/**
 * The URL opened at the anchor: a video at its time (`t=75s`, as players take it), anything
 * else at the fragment (a heading's id, a PDF's `#page=12`); null if it is no URL.
 */
function linkTo(url: string, anchor: string, place: Place | null): string | null {
  try {
    const u = new URL(url);
    if (place?.timeSeconds !== undefined) u.searchParams.set('t', `${place.timeSeconds}s`);
    else u.hash = anchor;
    return u.href;
  } catch {
    return null;
  }
}

/**
 * The first passage of each source, at most `limit` sources: one per document, and one per
 * visible title + URL (a page cited through three chunks, or two uploads with the same title,
 * are one source).
 */
export function distinctPassages(passages: Passage[], limit = Number.POSITIVE_INFINITY): Passage[] {
  const seen = new Set<string>();
  const out: Passage[] = [];
  for (const p of passages) {
    if (out.length >= limit) break;
    const source = sourceOf(p);
    const keys = [`doc:${p.documentId}`, `shown:${source.title}\n${source.url ?? ''}`];
    if (keys.some((k) => seen.has(k))) continue;
    for (const k of keys) seen.add(k);
    out.push(p);
  }
  return out;
}

/** The sources of these passages, each listed once (distinctPassages). */
export function distinctSources(passages: Passage[]): AnswerSource[] {
  return distinctPassages(passages).map(sourceOf);
}

const WORDS_PER_TOKEN = 3;

/** A finished text as a stream: a few words per token, whitespace kept, so it reads the same. */
export function* tokensOf(text: string): Generator<AnswerEvent> {
  const pieces = text.match(/\s*\S+/g) ?? [];
  for (let i = 0; i < pieces.length; i += WORDS_PER_TOKEN) {
    yield { type: 'token', text: pieces.slice(i, i + WORDS_PER_TOKEN).join('') };
  }
}

/** A complete canned answer: its tokens, its sources, done. */
export function* fixedAnswer(text: string, sources: AnswerSource[] = []): Generator<AnswerEvent> {
  yield* tokensOf(text);
  yield { type: 'sources', sources };
  yield { type: 'done' };
}
