import type { ThemeData } from '@docent/shared/core';
import { textOn } from './color.ts';
import { h, ICONS, icon } from './dom.ts';
import { CSS } from './styles.ts';

export type Mode = 'float' | 'inline' | 'page';

/** The widget's elements, all inside one shadow root on `host`. */
export type View = ReturnType<typeof buildView>;

/**
 * Builds the chat: launcher (floating mode only), header, message log, error line and composer,
 * in one open shadow root so the host page's CSS cannot reach in and ours cannot leak out.
 */
export function buildView(mode: Mode, maxQuestion: number) {
  const host = h('div', { 'data-mode': mode });
  const shadow = host.attachShadow({ mode: 'open' });
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.append(h('style', {}, CSS));
  }
  const button = (label: string, glyph: string) => {
    const b = h('button', { type: 'button', 'aria-label': label });
    b.append(icon(glyph));
    return b;
  };
  const launcher = button('Open chat', ICONS.chat);
  launcher.className = 'l';
  launcher.setAttribute('aria-expanded', 'false');
  const logoSlot = h('span', { class: 'd' }, icon(ICONS.bot));
  const title = h('div', { class: 't' }, 'Chat');
  const reset = button('Start a new conversation', ICONS.reset);
  const closer = button('Close chat', ICONS.close);
  const header = h('div', { class: 'h' }, logoSlot, title, reset);
  if (mode === 'float') header.append(closer);
  const log = h('div', { class: 'm', role: 'region', 'aria-label': 'Messages', tabindex: '0' });
  const announcer = h('div', { class: 'v', role: 'status', 'aria-live': 'polite' });
  const error = h('div', { class: 'e', role: 'alert' });
  const input = h('textarea', {
    rows: '1',
    placeholder: 'Send Message',
    'aria-label': 'Send Message',
    maxlength: String(maxQuestion),
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
  const parts = { host, root, panel, launcher, header, logoSlot, title, reset, closer, log };
  return { ...parts, announcer, error, input, send, form };
}

/**
 * Colours as CSS variables (setProperty takes one value of one property: a hostile string
 * cannot add rules) and the header logo, shown only when it is served by our own origin.
 */
export function applyTheme(view: View, t: ThemeData, origin: string): void {
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
  for (const [k, v] of vars) view.root.style.setProperty(k, v);
  let logo: URL | null = null;
  try {
    logo = t.header_logo ? new URL(t.header_logo, origin) : null;
  } catch {}
  if (logo && logo.origin === origin) {
    const img = h('img', { alt: '', src: logo.href, referrerpolicy: 'no-referrer' });
    img.onerror = () => img.replaceWith(view.logoSlot);
    view.header.firstChild?.replaceWith(img);
  }
}
