import type { ChatSource } from '@docent/shared/core';
import { ago, h } from './dom.ts';
import { renderMarkdown } from './markdown.ts';
import { renderSources } from './sources.ts';

/** One answer bubble while it streams: redraw its text, then add its sources. */
export interface PendingAnswer {
  group: HTMLElement;
  caption: HTMLElement;
  body: HTMLElement;
  draw(text: string): void;
  addSources(sources: ChatSource[]): void;
}

/** The message log: user and agent bubbles with their captions, the greeting always first. */
export function createMessages(log: HTMLElement) {
  let greeting: HTMLElement | null = null;

  const scrollDown = () => {
    log.scrollTop = log.scrollHeight;
  };

  function bubble(kind: 'a' | 'u', at: number) {
    const body = h('div', { class: 'b' });
    const group = h('div', { class: kind === 'u' ? 'g u' : 'g' }, body);
    const caption = h('div', { class: 'c' }, `AI Agent · ${ago(at)}`);
    if (kind === 'a') group.append(caption);
    log.append(group);
    return { group, body, caption };
  }

  function addSources(group: HTMLElement, sources: ChatSource[]): void {
    const list = renderSources(document, sources);
    if (list) group.insertBefore(list, group.lastChild);
  }

  function user(text: string, at: number): void {
    bubble('u', at).body.textContent = text;
  }

  /** An answer bubble; returns its text and caption (where the votes go). */
  function agent(text: string, at: number, sources: ChatSource[] = []) {
    const { group, body, caption } = bubble('a', at);
    body.append(renderMarkdown(document, text));
    addSources(group, sources);
    return { body, caption };
  }

  /** (Re)writes the greeting bubble; `fresh` clears the log first. */
  function greet(text: string, fresh = false): void {
    if (fresh || !greeting) {
      log.replaceChildren();
      greeting = agent(text, Date.now()).body;
    } else greeting.replaceChildren(renderMarkdown(document, text));
  }

  /** An agent bubble showing the typing dots until text arrives. */
  function pending(): PendingAnswer {
    const { group, body, caption } = bubble('a', Date.now());
    body.setAttribute('aria-busy', 'true');
    body.append(
      h('span', { class: 'k', role: 'img', 'aria-label': 'Loading...' }, h('i'), h('i'), h('i')),
    );
    scrollDown();
    return {
      group,
      body,
      caption,
      draw(text) {
        body.replaceChildren(renderMarkdown(document, text));
        scrollDown();
      },
      addSources: (sources) => addSources(group, sources),
    };
  }

  return { scrollDown, user, agent, greet, pending };
}

export type Messages = ReturnType<typeof createMessages>;
