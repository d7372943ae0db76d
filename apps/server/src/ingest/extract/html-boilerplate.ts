/**
 * Which elements of a page are boilerplate (navigation, page header/footer, sidebars, cookie
 * banners, dialogs, hidden elements, tables of contents) and which mark its main region, by
 * tag, ARIA role and class/id.
 */
import { boundedMemo } from '../../lib/bounded-memo.ts';
import type { ResponsiveVariants } from './html-responsive.ts';
import { CALLOUT_CLASS, HEADINGS, SECTION_CLASS } from './html-tags.ts';

const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'canvas',
  'nav',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'dialog',
  'head',
  'footer',
  'map',
  'audio',
  'video',
]);
const SKIP_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
]);
const MAIN_IDS = new Set([
  'main',
  'content',
  'main-content',
  'maincontent',
  'page-content',
  'primary',
  'docs-content',
]);
/**
 * Marks of navigation, page chrome and hidden text: Sphinx's "[source]" links, tooltips shown
 * on hover (Doxygen's "ttc" over every name in its code).
 */
const BOILERPLATE_TOKEN =
  /^(nav.*|.*nav|.*navbar.*|navigation|menu|menubar|breadcrumbs?|sidebar.*|.*-sidebar|site-header|site-footer|.*footer.*|header|masthead|skip-?(link|to-content)?|pagination|pager|social.*|share.*|ads?|advert.*|promo.*|related.*|comments?|modal.*|popup|tooltip.*|ttc|newsletter|subscribe|hidden|d-none|visually-hidden|sr-only|screen-reader-text|viewcode-link|viewcode-back|srclink)$/;
/**
 * A cookie banner's marks, per class or id: a cookie or consent word together with a banner
 * word ("cookie-consent", "cookie-law-info-bar", "CybotCookiebotDialog", "onetrust-consent-sdk").
 * Not a mark that only names the subject: a page's "Cookies" or "GDPR" section, an API
 * reference's `SESSION_COOKIE_NAME` entry.
 */
const COOKIE =
  /(?:cookie|consent|gdpr)[\w-]*?(?:banner|bar|notice|popup|modal|law|dialog|alert|box|message|overlay|warning|bot|sdk|consent|cmp)|(?:banner|notice|popup|modal|onetrust|cmp)[\w-]*?(?:cookie|consent|gdpr)/;
/**
 * A page's own table of contents repeats its headings as links: navigation, not content. Its
 * class or id written with hyphens or underscores ("toc-wrapper", "fancy_toc", "toc_sub").
 */
const TOC_TOKEN = /^(toc|toc[-_].*|.*[-_]toc|table[-_]?of[-_]?contents)$/;
/** Page-level wrappers are never dropped for their class names. */
const NEVER_BY_CLASS = new Set(['html', 'body', 'main', 'article']);

/**
 * Where an element stands: outside the page's main region, inside one marked only by a
 * wrapper's id ("content", "main": often the whole layout, the site's header and sidebar
 * included), or inside `<main>`, `<article>` or the main landmark.
 */
export type Region = 'page' | 'main' | 'article';

/** Where an element opens, as far as telling boilerplate needs to know. */
export interface Place {
  region: Region;
  /**
   * Inside `<pre>` or `<code>`: a syntax highlighter's classes name the code's parts, and its
   * comments ("comment": Prism, rustdoc) are code, not a page's comment section.
   */
  inCode: boolean;
  /** Whether class and id marks count (off when a first reading by them left too little). */
  byClass: boolean;
  /**
   * The ids of the panels the page's own buttons open (`aria-controls`), an FAQ's answers
   * among them.
   */
  controlled: ReadonlySet<string>;
  /**
   * A `<details>` element's own child: what it discloses, which a theme hides with a style until
   * it is opened (Docusaurus writes `<div style="display:none">` there to animate it); or the
   * first element hidden near a toggle that names no panel (Notion's toggles, html.ts).
   */
  disclosed: boolean;
  /**
   * An element beside it was hidden from assistive technology (`aria-hidden`): text written
   * for screen readers only here says what that element shows. WooCommerce writes a price range
   * or a sale as amounts hidden so, followed by "Price range: €14.50 through €42.00" for screen
   * readers; dropping both left a product without its price.
   */
  spokenAlike: boolean;
  /** The classes the page's styles hide at a desktop's width: other screens' copies. */
  variants: ResponsiveVariants;
}

export function isBoilerplate(
  name: string,
  attrs: Record<string, string>,
  { region, inCode, byClass, controlled, disclosed, spokenAlike, variants }: Place,
): boolean {
  if (variants.isOtherScreens(attrs)) return true;
  if (spokenAlike && SCREEN_READER_CLASS.test(attrs.class ?? '')) return false;
  const opened = !!attrs.id && controlled.has(attrs.id);
  // A <nav> the page's own toggle opens is a disclosure's panel: Webflow writes its dropdown's
  // list as one, which sites use as an FAQ's answers (a site's menu is dropped with its header).
  // An <aside> classed as a callout is one (Starlight's notes and tips), not a sidebar.
  const callout = name === 'aside' && CALLOUT_CLASS.test(attrs.class ?? '');
  if (SKIP_TAGS.has(name) && !opensPanel(name, attrs) && !(name === 'nav' && opened) && !callout)
    return true;
  // A <header> is the article's own (its title, date, author) inside the article or <main>;
  // elsewhere, even inside a wrapper named "content", it is the site's (Node.js's documentation
  // title, version picker and options on every page).
  if (name === 'header' && region !== 'article') return true;
  const inMain = region !== 'page';
  const role = attrs.role?.toLowerCase();
  if (role && SKIP_ROLES.has(role)) return true;
  if (namesCookieBanner(name, attrs)) return true;
  // Hidden until opened, and content all the same: a tab's panel (the other platforms'
  // instructions), an accordion's region, the panel a button opens or what a <details>
  // discloses (an FAQ's answer).
  const panel = disclosed || role === 'tabpanel' || role === 'region' || opened;
  if (!panel && isHidden(attrs)) return true;
  // A tab set's labels, read for its panels (html-tabs.ts), though classed as navigation
  // ("tabs__nav": HubSpot's tabs module).
  if (role === 'tablist') return false;
  const cls = attrs.class;
  const id = attrs.id;
  // A heading is chrome only inside chrome (its nav or footer is dropped whole); its own class
  // styles it (Docusaurus: "anchor anchorWithStickyNavbar_LWe7").
  if ((!cls && !id) || !byClass || NEVER_BY_CLASS.has(name) || HEADINGS[name]) return false;
  // A section's id is its title made an anchor ("Pagination" → #pagination,
  // "Comments", "Navigation", "Menu"): it names what the section is about, not page chrome,
  // unless it names a cookie banner. So does an id a generator made from a title: with capitals
  // (Texinfo's "Shared-Memory", DocBook's "GUC-SHARED-BUFFERS") or AsciiDoc's leading "_".
  const section = namesSection(name, cls) || (!!id && /[A-Z]|^_/.test(id));
  if (section && id && COOKIE.test(id.toLowerCase())) return true;
  const marks = [cls, section ? undefined : id].filter(Boolean).join(' ');
  if (!marks) return false;
  const key = `${inMain ? 'm' : 'p'}${inCode ? 'c' : ' '}${panel ? 'h' : ' '}`;
  return marksAreBoilerplate(`${key}${marks.toLowerCase()}`);
}

/**
 * A block its accessible name calls a cookie banner: `<div role="region" aria-label="Cookie
 * banner">` (OneTrust, site builders' consent components), whatever its classes.
 */
function namesCookieBanner(name: string, attrs: Record<string, string>): boolean {
  const label = attrs['aria-label'];
  if (!label || !/^(?:div|section)$/.test(name)) return false;
  return COOKIE.test(label.toLowerCase().replace(/\s+/g, ''));
}

/**
 * A disclosure's toggle (an FAQ's question): a button, or an element playing one (Elementor's
 * toggles are `<div role="button">`), that names the panel it opens or says it is open. Not a
 * tab's (its label is a control's: "Bash", "Windows").
 */
export const opensPanel = (name: string, attrs: Record<string, string>) =>
  (name === 'button' ? attrs.role !== 'tab' : attrs.role === 'button') &&
  ('aria-controls' in attrs || 'aria-expanded' in attrs);

/** A toggle that does not say which panel it opens: the one hidden after it (Notion's). */
export const togglesUnnamedPanel = (name: string, attrs: Record<string, string>) =>
  opensPanel(name, attrs) && !attrs['aria-controls'];

/** A kept toggle's panels, kept though hidden (a menu's toggle in a dropped header adds none). */
export function notePanels(name: string, attrs: Record<string, string>, ids: Set<string>): void {
  if (!opensPanel(name, attrs)) return;
  for (const id of (attrs['aria-controls'] ?? '').split(/\s+/)) if (id) ids.add(id);
}

export function isHidden(attrs: Record<string, string>): boolean {
  if (attrs['aria-hidden'] === 'true' || 'hidden' in attrs) return true;
  const style = attrs.style;
  return !!style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}
/** Sections (`<section>`, Sphinx's div.section, DocBook's div.sect1). */
const namesSection = (name: string, cls: string | undefined) =>
  name === 'section' || SECTION_CLASS.test(cls ?? '');

/**
 * A class saying what a layout holds, not what the element is: VitePress's content wrapper is
 * `VPContent has-sidebar`, themes write `page-with-sidebar`, `layout-no-footer`.
 */
const LAYOUT_STATE_TOKEN = /(?:^|[-_])(?:has|with|without|no)[-_]/;
/** In code, these class tokens name the code's parts (a highlighter's "comment"). */
const CODE_PART_TOKEN = /^comments?$/;
/**
 * Class tokens hiding an element until a script shows it: on a panel (a tab's, GitBook's
 * `class="hidden"` on every tab but the first) they hide content, not chrome.
 */
const HIDING_TOKEN = /^(?:hidden|d-none)$/;

/**
 * Whether class and id marks are a boilerplate element's, read from a key: where the element
 * stands ('m' in the main region, 'p' outside), 'c' in code, 'h' on a panel (a tab's, one a
 * toggle opens), then the marks in lower case.
 * Class strings repeat across the pages of a site; remembering verdicts keeps regex work per
 * page small.
 */
const marksAreBoilerplate = boundedMemo(20_000, (key) => {
  const inMain = key[0] === 'm';
  const inCode = key[1] === 'c';
  const panel = key[2] === 'h';
  for (const token of key.slice(3).split(/\s+/)) {
    if (
      !token ||
      (inMain && token === 'header') ||
      (inCode && CODE_PART_TOKEN.test(token)) ||
      (panel && HIDING_TOKEN.test(token)) ||
      LAYOUT_STATE_TOKEN.test(token)
    )
      continue;
    if (BOILERPLATE_TOKEN.test(token) || TOC_TOKEN.test(token) || COOKIE.test(token)) return true;
  }
  return false;
});

/** Text for screen readers only, by the class themes and frameworks give it. */
const SCREEN_READER_CLASS = /(?:^|\s)(?:screen-reader-text|sr-only|visually-hidden)(?:\s|$)/;

/** A page's footer: the `<footer>` element, the contentinfo landmark, or a div marked footer. */
export function isSiteFooter(
  name: string,
  attrs: Record<string, string>,
  inFooter = false,
): boolean {
  if (name === 'footer' || attrs.role?.toLowerCase() === 'contentinfo') return true;
  // Inside the footer only the element itself is (a theme's `<div id="…-footer">` wrapping its
  // `<footer>`), not a part named after it ("footer-nav": links, dropped as a nav is).
  if (inFooter) return false;
  return /(?:^|[\s_-])footer(?:$|[\s_-])/i.test(`${attrs.class ?? ''} ${attrs.id ?? ''}`);
}

/** `<main>`, `<article>` or the main landmark: the page's own content, by its markup. */
export const isArticleMarker = (name: string, attrs: Record<string, string>): boolean =>
  name === 'main' || name === 'article' || attrs.role?.toLowerCase() === 'main';

export function isMainMarker(name: string, attrs: Record<string, string>): boolean {
  return isArticleMarker(name, attrs) || (!!attrs.id && MAIN_IDS.has(attrs.id.toLowerCase()));
}
