import {
  type ChatSource,
  type ChatStreamResult,
  EMPTY_ANSWER,
  type FeedbackRating,
} from '@docent/shared/core';
import { type Api, ApiError } from './api.ts';
import type { Messages, PendingAnswer } from './messages.ts';
import * as store from './storage.ts';
import type { View } from './view.ts';
import { addVotes } from './votes.ts';

/** Draws streamed text at most once per animation frame. */
function typewriter(answer: PendingAnswer) {
  let text = '';
  let frame = 0;
  const draw = () => {
    frame = 0;
    answer.draw(text);
  };
  return {
    token(t: string) {
      text += t;
      frame ||= requestAnimationFrame(draw);
    },
    /** The final text replaces what streamed. */
    finish(final: string) {
      cancelAnimationFrame(frame);
      text = final;
      draw();
    },
    /** After a failure: keeps what arrived, or says there was nothing. */
    stop(): boolean {
      cancelAnimationFrame(frame);
      if (text) draw();
      return text !== '';
    },
  };
}

/**
 * The visitor's conversation with one bot: its id kept in the host page's storage, the turns
 * restored once on opening, and one question at a time streamed into a new answer bubble.
 */
export class ChatSession {
  private readonly visitor: string;
  private conversationId: string | null;
  private busy: AbortController | null = null;
  private restored = false;

  constructor(
    private readonly api: Api,
    private readonly botId: string,
    private readonly messages: Messages,
    private readonly view: View,
  ) {
    this.visitor = store.visitorId(botId);
    this.conversationId = store.conversationId(botId);
  }

  isBusy(): boolean {
    return this.busy !== null;
  }

  private setConversation(id: string | null): void {
    this.conversationId = id;
    store.setConversationId(this.botId, id);
  }

  /** Thumbs up/down on a stored answer; a vote that fails says why. */
  private votes(caption: HTMLElement, turnId: string, rating: FeedbackRating): void {
    if (!turnId) return;
    addVotes(caption, rating, (r) =>
      this.api.rate({ turn_id: turnId, rating: r, visitor_id: this.visitor }).catch((err) => {
        this.view.error.textContent = (err as Error).message;
        throw err;
      }),
    );
  }

  /** Shows the stored conversation's turns, once; a conversation gone on the server is dropped. */
  async restore(): Promise<void> {
    if (this.restored) return;
    this.restored = true;
    if (!this.conversationId) return;
    try {
      for (const turn of await this.api.turns(this.conversationId, this.visitor)) {
        const at = Date.parse(turn.created_at) || Date.now();
        this.messages.user(turn.question, at);
        const { caption } = this.messages.agent(turn.answer || EMPTY_ANSWER, at, turn.sources);
        this.votes(caption, turn.turn_id, turn.feedback);
      }
      this.messages.scrollDown();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) this.setConversation(null);
    }
  }

  async ask(question: string): Promise<void> {
    const { view } = this;
    view.error.textContent = '';
    this.messages.user(question, Date.now());
    const answer = this.messages.pending();
    const typing = typewriter(answer);
    const controller = new AbortController();
    this.busy = controller;
    view.send.disabled = true;
    let sources: ChatSource[] = [];
    const run = () =>
      this.api.chat(
        { question, conversation_id: this.conversationId, visitor_id: this.visitor },
        {
          onConversation: (id) => this.setConversation(id),
          onToken: typing.token,
          onSources: (s) => {
            sources = s;
          },
        },
        controller.signal,
      );
    try {
      let reply: ChatStreamResult;
      try {
        reply = await run();
      } catch (err) {
        // A conversation removed on the server: start a new one rather than fail.
        if (!(err instanceof ApiError && err.status === 404 && this.conversationId)) throw err;
        this.setConversation(null);
        reply = await run();
      }
      typing.finish(reply.answer.trim() || EMPTY_ANSWER);
      answer.addSources(sources);
      this.votes(answer.caption, reply.turnId, null);
      view.announcer.textContent = answer.body.textContent ?? '';
    } catch (err) {
      if (controller.signal.aborted) return;
      if (!typing.stop()) answer.group.remove();
      view.error.textContent = err instanceof ApiError ? err.message : 'Something went wrong.';
    } finally {
      answer.body.removeAttribute('aria-busy');
      if (this.busy === controller) {
        this.busy = null;
        view.send.disabled = false;
      }
    }
  }

  /** "Start a new conversation": the answer in flight is dropped with the old conversation. */
  reset(): void {
    this.busy?.abort();
    this.busy = null;
    this.view.send.disabled = false;
    this.setConversation(null);
  }
}
