import {
  CHAT_QUESTION_MAX,
  type PublicBotConfig,
  THEME_DEFAULTS,
  type ThemeData,
} from '@docent/shared/core';
import { ApiError, createApi } from './api.ts';
import { ChatSession } from './chat-session.ts';
import { createMessages } from './messages.ts';
import { applyTheme, buildView, type Mode, type View } from './view.ts';

/**
 * The embeddable chat. Everything lives in one shadow root on one element we add, so the
 * host page's CSS cannot reach in and ours cannot leak out; no globals are defined. The root
 * is open: a closed one would not hide anything from host scripts (they share localStorage and
 * could call the public API themselves) but would shut out test tools and assistive tech.
 */
const FALLBACK: ThemeData = { ...THEME_DEFAULTS, header_logo: null };

/** Scripts already started, kept on the element itself (no global of our own). */
const started = {
  has: (s: Element) => (s as HTMLElement).dataset.docentStarted === '1',
  add: (s: Element) => {
    (s as HTMLElement).dataset.docentStarted = '1';
  },
};

/** What the panel does when the visitor uses it. */
interface Controls {
  open(): void;
  close(): void;
  reset(): void;
  submit(): void;
}

/** Keyboard and pointer wiring; the host page's shortcuts never see keys typed in the chat. */
function listen(view: View, mode: Mode, on: Controls): void {
  const { root, panel, input } = view;
  const autosize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
  };
  view.launcher.addEventListener('click', () => (panel.hidden ? on.open() : on.close()));
  view.closer.addEventListener('click', on.close);
  view.reset.addEventListener('click', on.reset);
  view.form.addEventListener('submit', (e) => {
    e.preventDefault();
    on.submit();
    autosize();
  });
  input.addEventListener('input', autosize);
  for (const type of ['keydown', 'keyup', 'keypress']) {
    root.addEventListener(type, (e) => e.stopPropagation());
  }
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && mode === 'float' && !panel.hidden) on.close();
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.target === input) {
      e.preventDefault();
      on.submit();
      autosize();
    }
  });
}

function boot(script: HTMLScriptElement): void {
  const botId = script.dataset.botid;
  if (!botId) return;
  const origin = new URL(script.src, location.href).origin;
  const requested = script.dataset.mode;
  const mode: Mode = requested === 'inline' || requested === 'page' ? requested : 'float';
  const mount =
    mode === 'inline' ? document.querySelector(script.dataset.target || '') : document.body;
  if (!mount) return;

  const api = createApi(origin, botId, mode === 'page');
  const view = buildView(mode, CHAT_QUESTION_MAX);
  const messages = createMessages(view.log);
  const session = new ChatSession(api, botId, messages, view);
  const { panel, launcher, input, error } = view;
  let config: PublicBotConfig | null = null;
  let refusal = '';
  const name = () => config?.agent_name.trim() || config?.bot_name || 'Chat';
  const greet = (fresh?: boolean) =>
    messages.greet(config?.greeting ?? 'Hi! How can I help you today?', fresh);
  const restore = () => (refusal ? undefined : void session.restore());

  const open = () => {
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    launcher.setAttribute('aria-label', 'Close chat');
    if (refusal) error.textContent = refusal;
    restore();
    input.focus();
    messages.scrollDown();
  };
  listen(view, mode, {
    open,
    close() {
      panel.hidden = true;
      launcher.setAttribute('aria-expanded', 'false');
      launcher.setAttribute('aria-label', 'Open chat');
      launcher.focus();
    },
    reset() {
      session.reset();
      error.textContent = '';
      greet(true);
      input.focus();
    },
    submit() {
      const question = input.value.trim();
      if (!question || session.isBusy()) return;
      if (refusal) {
        error.textContent = refusal;
        return;
      }
      input.value = '';
      void session.ask(question.slice(0, CHAT_QUESTION_MAX));
    },
  });

  applyTheme(view, FALLBACK, origin);
  greet();
  mount.append(view.host);

  const ready = api
    .config()
    .then((c) => {
      config = c;
      applyTheme(view, c.theme, origin);
      view.title.textContent = name();
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
    if (mode !== 'float') restore();
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
