import type { SearchRequest } from './follow-up.ts';

/**
 * A retrieved passage as `rag/retrieve.ts` returns it (RetrievedChunk). Declared here
 * structurally so the engines do not depend on how retrieval is implemented.
 */
export interface Passage {
  chunkId: number | string;
  documentId: string;
  score: number;
  text: string;
  heading: string | null;
  /** The stored question when the chunk is a Q&A pair. */
  question: string | null;
  title: string;
  url: string | null;
  /** Where the passage's section starts in its source (a page's heading id), when known. */
  anchor?: string | null;
  /** 0–1 closeness of the retrieval query to the stored Q&A question, when retrieval knows. */
  questionMatch?: number;
  /** Cosine similarity of the passage to the query by embeddings, when dense retrieval found it. */
  similarity?: number;
  /**
   * The searched terms nearly every passage of the knowledge base holds (the site's name or
   * subject), when retrieval knows: the same set for every passage of one search.
   */
  siteWide?: ReadonlySet<string>;
  /**
   * The words the search took for the question's own where the pages never use those
   * (search/alternative-words.ts: "lift" for "elevator"): alternative → the question's term. A
   * passage saying one says the question's word. The same map for every passage of one search.
   */
  alternatives?: ReadonlyMap<string, string>;
  /**
   * The searched terms no passage of the knowledge base holds, nor an alternative of them
   * ("Amersfoort" in "I'm driving over from Amersfoort. Where can I park?"): the same set for
   * every passage of one search.
   */
  unknown?: ReadonlySet<string>;
}

export interface AnswerSource {
  title: string;
  url: string | null;
  chunkId: string;
  /** The heading path of the passage's section, when the source has headings. */
  section?: string | null;
  /** The URL at the section's anchor, when the page has one. */
  link?: string | null;
  /** A PDF passage's page, a video passage's time (seconds): see search/places.ts. */
  page?: number;
  timeSeconds?: number;
}

export interface BotPersona {
  name: string;
  agentName: string;
  businessName: string;
  basePrompt: string;
}

export interface PastTurn {
  question: string;
  answer: string;
  /** Chunk ids of the sources the answer cited, in their order (absent: none known). */
  sourceChunks?: number[];
  /** Where each source the answer cited is (page title, section), in their order. */
  sourcePlaces?: SourcePlace[];
}

/** A cited source's page title and the heading path of its section, when it has one. */
export interface SourcePlace {
  title: string;
  section?: string | null;
}

export interface AnswerInput {
  bot: BotPersona;
  question: string;
  /** Recent turns of the conversation from the server's store, oldest first. */
  history: PastTurn[];
  /** Retrieval results, best first. */
  passages: Passage[];
  /**
   * What retrieval searched with (the standalone question, the terms carried from the previous
   * turn); absent: worked out from the question and history as retrieval would without a model.
   */
  search?: SearchRequest;
  /** Aborted when the client goes away, so a model call stops with it. */
  signal?: AbortSignal;
}

export type AnswerEvent =
  | { type: 'token'; text: string }
  | { type: 'sources'; sources: AnswerSource[] }
  | { type: 'done' };

/** Both engines: tokens in order, then the sources used, then done. */
export interface AnswerEngine {
  readonly kind: 'llm' | 'extractive';
  /** How many passages it wants from retrieval (a model reads more than an extract needs). */
  readonly passageCount?: number;
  answer(input: AnswerInput): AsyncIterable<AnswerEvent>;
  /**
   * The question rewritten to stand on its own, given the conversation (engines with a model);
   * null when the model gave nothing usable. The caller bounds the wait.
   */
  standalone?(question: string, history: PastTurn[], signal: AbortSignal): Promise<string | null>;
  /**
   * One line of words the knowledge base likely answers the question in, given the conversation
   * (engines with a model, unless turned off); null when the model gave nothing usable. The
   * caller bounds the wait.
   */
  searchTerms?(question: string, history: PastTurn[], signal: AbortSignal): Promise<string | null>;
}
