/**
 * What the extraction pass (html.ts) keeps of each open element and learns from the elements
 * open around the next one: where it opens (html-boilerplate.ts Place), whether the page's main
 * region was lost to a wrapper's class or marked only by cards, whether text labels a listing.
 */
import {
  isBoilerplate,
  isHidden,
  type Place,
  type Region,
  togglesUnnamedPanel,
} from './html-boilerplate.ts';
import type { ResponsiveVariants } from './html-responsive.ts';

export interface Frame {
  name: string;
  /** It holds a toggle naming no panel: what is hidden near it after that is the toggle's panel. */
  toggles?: boolean;
  skip: boolean;
  main: boolean;
  /** `<main>`, `<article>` or the main landmark (a region by markup, not by a wrapper's id). */
  article: boolean;
  /** The home page's footer, kept as main text. */
  footer: boolean;
  code: boolean;
  /** A child of it was hidden from assistive technology (`aria-hidden`): Place.spokenAlike. */
  hidFromReaders?: boolean;
  /** Its place in the order elements open (the same in every pass over a page). */
  index: number;
  /** The element as it opened, to judge again whether it alone would be dropped. */
  opened: { name: string; attrs: Record<string, string>; place: Place };
}

/**
 * How near a toggle naming no panel (Notion's `<div role="button" aria-expanded="false">`) its
 * hidden panel is: both within a few wrappers of the block holding them (Notion: the button's
 * box, the toggle's row, the block; its children in the row's text column or after the row).
 */
const TOGGLE_REACH = 3;

/**
 * What an opening element tells the elements around it: that something of the parent was hidden
 * from screen readers (Frame.hidFromReaders), and, when it is read, a toggle's reach: a toggle
 * naming no panel opens the first element hidden near it, and only that one.
 */
export function noteAround(
  stack: Frame[],
  name: string,
  attrs: Record<string, string>,
  read: boolean,
) {
  const parent = stack.at(-1);
  if (parent && attrs['aria-hidden'] === 'true') parent.hidFromReaders = true;
  if (!read) return;
  if (isHidden(attrs)) for (const f of stack) f.toggles = false;
  if (togglesUnnamedPanel(name, attrs))
    for (const f of stack.slice(-TOGGLE_REACH)) f.toggles = true;
}

/** How many open elements of each kind the parser is inside. */
export type Depths = Record<'footer' | 'skip' | 'main' | 'article' | 'code', number>;

/**
 * Counts an element in what it is inside of as it opens (`by` 1) and out as it closes (-1); a
 * dropped one opens no main region.
 */
export function countFrame(depth: Depths, f: Frame, by: 1 | -1): void {
  if (f.footer) depth.footer += by;
  if (f.code) depth.code += by;
  if (f.skip) depth.skip += by;
  else {
    if (f.main) depth.main += by;
    if (f.article) depth.article += by;
  }
}

/** A link to a place on the page itself (`href="#…"`): a permalink, a footnote's mark. */
const linksWithinPage = (f: Frame) =>
  f.opened.name === 'a' && (f.opened.attrs.href ?? '').trim().startsWith('#');

/** Where the next element opens, from the elements open around it. */
export function placeOf(
  depth: Depths,
  byClass: boolean,
  controlled: ReadonlySet<string>,
  around: Frame[],
  variants: ResponsiveVariants,
): Place {
  const region: Region = depth.article > 0 ? 'article' : depth.main > 0 ? 'main' : 'page';
  // The home page's footer is read whole: its class marks do not count.
  return {
    region,
    inCode: depth.code > 0,
    byClass: byClass && depth.footer === 0,
    controlled,
    // What a <details> discloses; what a toggle naming no panel hides near it.
    disclosed:
      around.at(-1)?.name === 'details' || around.slice(-TOGGLE_REACH).some((f) => f.toggles),
    // Not a permalink's: its icon hidden, its "Section titled …" repeats the heading (Starlight).
    spokenAlike: around.at(-1)?.hidFromReaders === true && !around.some(linksWithinPage),
    variants,
  };
}

/**
 * The page's `<main>` (or main landmark) opens inside dropped elements: when every element
 * dropped on its own is dropped for its class names alone (VitePress's content wrapper once
 * read as a sidebar for "has-sidebar"), they are noted in `lost`, to be read in a second pass.
 * Not when a tag, a role or a hidden state drops one (a `<main>` inside a `<template>`).
 */
export function noteLostMain(stack: Frame[], lost: Set<number>): void {
  const dropping = stack.filter(
    (f) => f.skip && isBoilerplate(f.opened.name, f.opened.attrs, f.opened.place),
  );
  const byClassAlone = (f: Frame) =>
    !isBoilerplate(f.opened.name, f.opened.attrs, { ...f.opened.place, byClass: false });
  if (dropping.length === 0 || !dropping.every(byClassAlone)) return;
  for (const f of dropping) lost.add(f.index);
}

/**
 * What marked the page's main region: `<main>`, the main landmark or a wrapper's id, or
 * `<article>`s alone. Several `<article>`s side by side, and nothing else, are cards
 * (VitePress's home page writes each feature as one, its own text outside them), not the page.
 */
export class MainMarks {
  private byMain = false;
  private articles = 0;

  /** A main region opens (not the home page's footer); `outer`: inside no other. */
  note(name: string, attrs: Record<string, string>, outer: boolean): void {
    if (name !== 'article' || attrs.role?.toLowerCase() === 'main') this.byMain = true;
    else if (outer) this.articles++;
  }

  get found(): boolean {
    return this.byMain || this.articles === 1;
  }
}

/** A highlighter's block, by the language its class names (`language-yaml`). */
const CODE_LANGUAGE = /(?:^|\s)language-([\w+#.-]+)/;

/**
 * Text naming the language of the code block it labels, as a highlighter writes it beside the
 * code (VitePress: `<div class="language-yaml"><span class="lang">yaml</span><pre>`): the
 * page's chrome, which read as a tab's first words ("CircleCI: yaml"). A file name there
 * ("example.py") is kept.
 */
export function labelsCodeLanguage(stack: Frame[], text: string): boolean {
  const own = stack.at(-1)?.opened.name;
  const language = CODE_LANGUAGE.exec(stack.at(-2)?.opened.attrs.class ?? '')?.[1];
  if (!language || own === 'pre' || own === 'code') return false;
  return text.trim().toLowerCase() === language.toLowerCase();
}
