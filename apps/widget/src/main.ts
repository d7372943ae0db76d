import type { ChatSource, PublicBotConfig, ThemeData } from '@docent/shared';
import { ApiError, createApi } from './api.ts';
import { textOn } from './color.ts';
import { ago, h, ICONS, icon } from './dom.ts';
import { renderMarkdown } from './markdown.ts';
import { renderSources } from './sources.ts';
import * as store from './storage.ts';
import { CSS } from './styles.ts';

/**
 * The embeddable chat. Everything lives in one shadow root on one element we add, so the
 * host page's CSS cannot reach in and ours cannot leak out; no globals are defined. The root
 * is open: a closed one would not hide anything from host scripts (they share localStorage and
 * could call the public API themselves) but would shut out test tools and assistive tech.
 */
type Mode = 'float' | 'inline' | 'page';

const FALLBACK: ThemeData = {
  header_color: 'rgba(246,247,252,1)',
  agent_color: 'rgba(255,255,255,1)',
  user_color: 'rgba(39,199,116,1)',
  send_icon_color: '#2EC16E',
  chat_icon_color: '#2EC16E',
  header_logo: null,
};
const MAX_QUESTION = 2000;
const EMPTY_ANSWER = "Sorry, I couldn't understand that.";

/** Scripts already started, kept on the element itself (no global of our own). */
const started = {
  has: (s: Element) => (s as HTMLElement).dataset.docentStarted === '1',
  add: (s: Element) => {
    (s as HTMLElement).dataset.docentStarted = '1';
  },
};

function boot(script: HTMLScriptElement): void {
  const botId = script.dataset.botid;
  if (!botId) return;
  const origin = new URL(script.src, location.href).origin;
  const requested = script.dataset.mode;
  const mode: Mode = requested === 'inline' || requested === 'page' ? requested : 'float';
  const mount =
    mode === 'inline' ? document.querySelector(script.dataset.target || '') : document.body;
  if (!mount) return;

  const api = createApi(origin, botId);
  const visitor = store.visitorId(botId);
  let conversationId = store.conversationId(botId);
  let config: PublicBotConfig | null = null;
  let refusal = '';
  let busy: AbortController | null = null;
  let restored = false;

  const host = h('div', { 'data-mode': mode });
  const shadow = host.attachShadow({ mode: 'open' });
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.append(h('style', {}, CSS));
  }

  const launcher = h('button', {
    class: 'l',
    type: 'button',
    'aria-label': 'Open chat',
    'aria-expanded': 'false',
  });
  launcher.append(icon(ICONS.chat));
  const logoSlot = h('span', { class: 'd' }, icon(ICONS.bot));
  const title = h('div', { class: 't' }, 'Chat');
  const reset = h('button', { type: 'button', 'aria-label': 'Start a new conversation' });
  reset.append(icon(ICONS.reset));
  const closer = h('button', { type: 'button', 'aria-label': 'Close chat' });
  closer.append(icon(ICONS.close));
  const header = h('div', { class: 'h' }, logoSlot, title, reset);
  if (mode === 'float') header.append(closer);
  const log = h('div', { class: 'm', role: 'region', 'aria-label': 'Messages', tabindex: '0' });
  const announcer = h('div', { class: 'v', role: 'status', 'aria-live': 'polite' });
  const error = h('div', { class: 'e', role: 'alert' });
  const input = h('textarea', {
    rows: '1',
    placeholder: 'Send Message',
    'aria-label': 'Send Message',
    maxlength: String(MAX_QUESTION),
  });
  const send = h('button', { type: 'submit', 'aria-label': 'Send message' });
  send.append(icon(ICONS.send));
  const form = h('form', { class: 'f' }, input, send);
  const panel = h('div', { class: 'p', role: 'dialog' }, header, log, error, form, announcer);
  const root = h('div', { class: 'r' }, panel);
  if (mode === 'float') {
    panel.hidden = true;
    launcher.hidden = true;
    root.append(launcher);
  }
  shadow.append(root);

  function applyTheme(t: ThemeData): void {
    const vars: [string, string][] = [
      ['--h', t.header_color],
      ['--ht', textOn(t.header_color)],
      ['--a', t.agent_color],
      ['--at', textOn(t.agent_color)],
      ['--u', t.user_color],
      ['--ut', textOn(t.user_color)],
      ['--s', t.send_icon_color],
      ['--c', t.chat_icon_color],
      ['--ct', textOn(t.chat_icon_color)],
    ];
    // setProperty takes one value of one property: a hostile string cannot add rules.
    for (const [k, v] of vars) root.style.setProperty(k, v);
    let logo: URL | null = null;
    try {
      logo = t.header_logo ? new URL(t.header_logo, origin) : null;
    } catch {}
    if (logo && logo.origin === origin) {
      const img = h('img', { alt: '', src: logo.href, referrerpolicy: 'no-referrer' });
      img.onerror = () => img.replaceWith(logoSlot);
      header.firstChild?.replaceWith(img);
    }
  }

  const name = () => config?.agent_name.trim() || config?.bot_name || 'Chat';

  function scrollDown(): void {
    log.scrollTop = log.scrollHeight;
  }

  function bubble(kind: 'a' | 'u', at: number): { group: HTMLElement; body: HTMLElement } {
    const body = h('div', { class: 'b' });
    const group = h('div', { class: kind === 'u' ? 'g u' : 'g' }, body);
    if (kind === 'a') group.append(h('div', { class: 'c' }, `AI Agent · ${ago(at)}`));
    log.append(group);
    return { group, body };
  }

  function userMessage(text: string, at: number): void {
    bubble('u', at).body.textContent = text;
  }

  function agentMessage(text: string, at: number, sources: ChatSource[] = []): HTMLElement {
    const { group, body } = bubble('a', at);
    body.append(renderMarkdown(document, text));
    const list = renderSources(document, sources);
    if (list) group.insertBefore(list, group.lastChild);
    return body;
  }

  let greeting: HTMLElement | null = null;
  /** (Re)writes the greeting bubble, which always stays first in the list. */
  function greet(fresh = false): void {
    const text = config?.greeting ?? 'Hi! How can I help you today?';
    if (fresh || !greeting) {
      log.replaceChildren();
      greeting = agentMessage(text, Date.now());
    } else greeting.replaceChildren(renderMarkdown(document, text));
  }

  async function restore(): Promise<void> {
    if (restored) return;
    restored = true;
    if (!conversationId || refusal) return;
    try {
      const turns = await api.turns(conversationId, visitor);
      for (const turn of turns) {
        const at = Date.parse(turn.created_at) || Date.now();
        userMessage(turn.question, at);
        agentMessage(turn.answer || EMPTY_ANSWER, at, turn.sources);
      }
      scrollDown();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setConversation(null);
    }
  }

  function setConversation(id: string | null): void {
    conversationId = id;
    store.setConversationId(botId as string, id);
  }

  async function ask(question: string): Promise<void> {
    error.textContent = '';
    userMessage(question, Date.now());
    const { group, body } = bubble('a', Date.now());
    body.setAttribute('aria-busy', 'true');
    body.append(
      h('span', { class: 'k', role: 'img', 'aria-label': 'Loading...' }, h('i'), h('i'), h('i')),
    );
    scrollDown();
    const controller = new AbortController();
    busy = controller;
    send.disabled = true;
    let text = '';
    let sources: ChatSource[] = [];
    let frame = 0;
    const draw = () => {
      frame = 0;
      body.replaceChildren(renderMarkdown(document, text));
      scrollDown();
    };
    const run = () =>
      api.chat(
        { question, conversation_id: conversationId, visitor_id: visitor },
        {
          meta: (id) => setConversation(id),
          token: (t) => {
            text += t;
            frame ||= requestAnimationFrame(draw);
          },
          sources: (s) => {
            sources = s;
          },
        },
        controller.signal,
      );
    try {
      let answer: string;
      try {
        answer = await run();
      } catch (err) {
        // A conversation removed on the server: start a new one rather than fail.
        if (!(err instanceof ApiError && err.status === 404 && conversationId)) throw err;
        setConversation(null);
        answer = await run();
      }
      cancelAnimationFrame(frame);
      text = answer.trim() || EMPTY_ANSWER;
      draw();
      const list = renderSources(document, sources);
      if (list) group.insertBefore(list, group.lastChild);
      announcer.textContent = body.textContent ?? '';
    } catch (err) {
      if (controller.signal.aborted) return;
      cancelAnimationFrame(frame);
      if (text) draw();
      else group.remove();
      error.textContent = err instanceof ApiError ? err.message : 'Something went wrong.';
    } finally {
      body.removeAttribute('aria-busy');
      if (busy === controller) {
        busy = null;
        send.disabled = false;
      }
    }
  }

  function submit(): void {
    const question = input.value.trim();
    if (!question || busy) return;
    if (refusal) {
      error.textContent = refusal;
      return;
    }
    input.value = '';
    autosize();
    void ask(question.slice(0, MAX_QUESTION));
  }

  function autosize(): void {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
  }

  function open(): void {
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    launcher.setAttribute('aria-label', 'Close chat');
    if (refusal) error.textContent = refusal;
    void restore();
    input.focus();
    scrollDown();
  }

  function close(): void {
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.setAttribute('aria-label', 'Open chat');
    launcher.focus();
  }

  launcher.addEventListener('click', () => (panel.hidden ? open() : close()));
  closer.addEventListener('click', close);
  reset.addEventListener('click', () => {
    busy?.abort();
    busy = null;
    send.disabled = false;
    setConversation(null);
    error.textContent = '';
    greet(true);
    input.focus();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  input.addEventListener('input', autosize);
  // Keys typed in the chat are ours: the host page's shortcuts must not see them.
  for (const type of ['keydown', 'keyup', 'keypress']) {
    root.addEventListener(type, (e) => e.stopPropagation());
  }
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && mode === 'float' && !panel.hidden) close();
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.target === input) {
      e.preventDefault();
      submit();
    }
  });

  applyTheme(FALLBACK);
  greet();
  mount.append(host);

  const ready = api
    .config()
    .then((c) => {
      config = c;
      applyTheme(c.theme);
      title.textContent = name();
      panel.setAttribute('aria-label', `Chat with ${name()}`);
      greet();
    })
    .catch((err: unknown) => {
      refusal = err instanceof ApiError ? err.message : 'This chat is unavailable right now.';
      error.textContent = panel.hidden ? '' : refusal;
    });
  // The icon waits for the theme (no colour flash), but never for long.
  Promise.race([ready, new Promise((r) => setTimeout(r, 2500))]).then(() => {
    launcher.hidden = false;
    if (mode !== 'float') void restore();
  });
}

// Tag managers may inject the snippet so that currentScript is unset: then the first
// snippet not yet started is ours.
const current =
  document.currentScript ||
  Array.from(document.querySelectorAll('script[data-botid]')).find(
    (s) => /\/widget(\.js|\/)/.test((s as HTMLScriptElement).src) && !started.has(s),
  );
if (current instanceof HTMLScriptElement && !started.has(current)) {
  started.add(current);
  const start = () => boot(current);
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
