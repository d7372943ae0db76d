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
  /** 0–1 closeness of the retrieval query to the stored Q&A question, when retrieval knows. */
  questionMatch?: number;
  /** Cosine similarity of the passage to the query by embeddings, when dense retrieval found it. */
  similarity?: number;
}

export interface AnswerSource {
  title: string;
  url: string | null;
  chunkId: string;
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
}

export interface AnswerInput {
  bot: BotPersona;
  question: string;
  /** Recent turns of the conversation from the server's store, oldest first. */
  history: PastTurn[];
  /** Retrieval results, best first. */
  passages: Passage[];
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
  answer(input: AnswerInput): AsyncIterable<AnswerEvent>;
}
