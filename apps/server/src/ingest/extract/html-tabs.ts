import { collapse } from './html-inline.ts';

/**
 * Tabs: documentation shows the same step for several platforms or tools as tabs ("npm",
 * "Yarn"; "Windows", "macOS"), all labels first and then the panels, all but one hidden. Read in
 * order the text would be "npm Yarn" and then each panel unnamed, so a question about Yarn
 * could not tell which command is Yarn's. A tab's label is read apart and written at the start
 * of its own panel instead ("Yarn: …", html-structure.ts).
 *
 * A label is an element with role="tab" (Docusaurus, Bootstrap, sphinx-tabs), the `<label>`
 * of a radio button in a tab set (Material for MkDocs, sphinx-design, VitePress), or Webflow's
 * tab link (`a.w-tab-link`, whose roles its script adds only in the browser). Its panel is
 * the one it names (`aria-controls`, the panel's `aria-labelledby`, Webflow's shared
 * `data-w-tab`), else the next panel in order; labels no panel claims are dropped when their
 * tab set ends.
 */
interface Label {
  text: string;
  keys: string[];
  /**
   * Depth of the element holding the tab set: the parent of its `role="tablist"` (Bootstrap's
   * `ul.nav-tabs` is the tablist, its panels follow it), else the label's grandparent
   * (set › labels › label).
   */
  scope: number;
}

/** Panels by class: Material's block, sphinx-design's content, Bootstrap's and Webflow's pane. */
const PANEL_CLASS = /(?:^|\s)(?:tabbed-block|sd-tab-content|tab-pane|w-tab-pane)(?:\s|$)/;
/** Webflow's tab link, named by `data-w-tab` as its pane is. */
const WEBFLOW_TAB_CLASS = /(?:^|\s)w-tab-link(?:\s|$)/;
/** Webflow's tab name as a key a label and its panel share. */
const webflowKey = (attrs: Record<string, string>) =>
  attrs['data-w-tab'] === undefined ? undefined : `data-w-tab:${attrs['data-w-tab']}`;
/**
 * A tab set's container, by class ("tabbed-set", "sd-tab-set", "tabs", "nav-tabs"): a radio
 * button's label is a tab's only inside one. Elsewhere it may be a CSS-only accordion's question,
 * which stays text where it stands.
 */
const TAB_SET_CLASS = /(?:^|\s)[\w-]*tab(?:s|bed)?(?:[-_][\w-]*)?(?:\s|$)/i;
/** VitePress's code groups: each block a `div.language-…` after the group's labels. */
const CODE_PANEL_CLASS = /(?:^|\s)language-/;

/**
 * Labels waiting for their panels, at most: a tab set has a handful, and every closing element
 * looks through them, so a page of thousands of unclaimed tabs must not make that quadratic.
 * Labels past it are read as text where they stand.
 */
const MAX_WAITING = 64;

export class TabLabels {
  private readonly radios = new Set<string>();
  private labels: Label[] = [];
  private reading: (Label & { depth: number }) | undefined;
  /** Depth of the open `role="tablist"` element, if any. */
  private tablist: number | undefined;
  /** Depths of the open elements classed as tab sets (TAB_SET_CLASS). */
  private readonly tabSets: number[] = [];
  /**
   * Depths of the open panels. Inside one, only a tab set of its own has panels: the code block
   * a Docusaurus panel holds (`div.language-bash`) is not the next tab's panel.
   */
  private readonly panels: number[] = [];

  /** Whether the element opening at `depth` is a tab's label: its text then goes to `text`. */
  opens(name: string, attrs: Record<string, string>, depth: number): boolean {
    const role = attrs.role?.toLowerCase();
    if (role === 'tablist') this.tablist ??= depth;
    if (TAB_SET_CLASS.test(attrs.class ?? '')) this.tabSets.push(depth);
    if (name === 'input' && attrs.type?.toLowerCase() === 'radio' && attrs.id)
      this.radios.add(attrs.id);
    const radioTab =
      name === 'label' && this.tabSets.length > 0 && this.radios.has(attrs.for ?? '');
    const webflowTab = !!webflowKey(attrs) && WEBFLOW_TAB_CLASS.test(attrs.class ?? '');
    const tab = role === 'tab' || radioTab || webflowTab;
    if (!tab || this.reading || this.labels.length >= MAX_WAITING) return false;
    const keys = [attrs.id, attrs['aria-controls'], attrs.for, webflowKey(attrs)].filter(
      (k): k is string => !!k,
    );
    this.reading = { text: '', keys, scope: (this.tablist ?? depth - 1) - 1, depth };
    return true;
  }

  text(text: string): void {
    if (this.reading) this.reading.text += text;
  }

  /**
   * The element at `depth` closes: a label read ends with its element, and the labels of a tab
   * set it held are no longer claimable.
   */
  leave(depth: number): void {
    const label = this.reading;
    if (label?.depth === depth) {
      this.reading = undefined;
      const text = collapse(label.text);
      if (text) this.labels.push({ text, keys: label.keys, scope: label.scope });
    }
    if (this.tablist !== undefined && this.tablist >= depth) this.tablist = undefined;
    while ((this.panels.at(-1) ?? -1) >= depth) this.panels.pop();
    while ((this.tabSets.at(-1) ?? -1) >= depth) this.tabSets.pop();
    if (this.labels.length > 0) this.labels = this.labels.filter((l) => l.scope < depth);
  }

  /**
   * The title of a tab's panel opening ("Yarn:"), claiming its label; undefined for any other
   * element, or a panel whose label was not found.
   */
  panelTitle(name: string, attrs: Record<string, string>, depth: number): string | undefined {
    if (this.labels.length === 0) return undefined;
    const cls = attrs.class ?? '';
    const byClass = name === 'div' && (PANEL_CLASS.test(cls) || CODE_PANEL_CLASS.test(cls));
    if (attrs.role?.toLowerCase() !== 'tabpanel' && !byClass) return undefined;
    const inside = this.panels.at(-1) ?? -1;
    const named = [attrs['aria-labelledby'], attrs.id, webflowKey(attrs)].filter(Boolean);
    const own = (l: Label) => l.scope >= inside;
    const byName = this.labels.findIndex((l) => own(l) && l.keys.some((k) => named.includes(k)));
    const at = byName >= 0 ? byName : this.labels.findIndex(own);
    if (at < 0) return undefined;
    const [label] = this.labels.splice(at, 1) as [Label];
    this.panels.push(depth);
    return /[:.!?]$/.test(label.text) ? label.text : `${label.text}:`;
  }
}
