import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSections } from '../../search/structure.ts';
import { decodeHtml, extractHtml } from './html.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MKDOCS = path.resolve(REPO_ROOT, '../shared/fixtures/sites/mkdocs');
const hasFixtures = existsSync(MKDOCS);
if (!hasFixtures)
  process.stderr.write(`[html.test] ${MKDOCS} missing: real-page extraction tests skipped\n`);

const page = (rel: string) => readFileSync(path.join(MKDOCS, rel), 'utf8');

describe('extractHtml on real MkDocs pages', () => {
  it.skipIf(!hasFixtures)(
    'keeps headings and body, drops the navigation and footer repeated on every page',
    () => {
      const { text, title, links } = extractHtml(
        page('user-guide/configuration/index.html'),
        'http://127.0.0.1:8000/user-guide/configuration/',
      );
      expect(title).toBe('Configuration - MkDocs');
      const lines = text.split('\n');
      // Headings keep their level and the id a link to them uses.
      expect(lines[0]).toBe('# Configuration {#configuration}');
      expect(lines).toContain('## Introduction {#introduction}');
      expect(lines).toContain('### site_name {#site_name}');
      expect(text).toContain(
        'Project settings are configured by default using a YAML configuration file',
      );
      // The navbar (site name, menu, search, previous/next, "Edit on GitHub") and the footer.
      expect(text).not.toMatch(
        /Edit on GitHub|Documentation built with|Keyboard Shortcuts|^Search$/m,
      );
      expect(text).not.toContain('Getting Started');
      // Links still come from the navigation, for the crawler.
      expect(links).toContain('http://127.0.0.1:8000/getting-started/');
    },
  );

  it.skipIf(!hasFixtures)('no line of navigation survives on most pages of the site', () => {
    const pages = [
      'index.html',
      'getting-started/index.html',
      'user-guide/index.html',
      'user-guide/installation/index.html',
      'user-guide/writing-your-docs/index.html',
      'user-guide/choosing-your-theme/index.html',
      'about/license/index.html',
    ];
    const counts = new Map<string, number>();
    for (const rel of pages) {
      const { text } = extractHtml(page(rel), `http://127.0.0.1:8000/${rel}`);
      expect(text.length).toBeGreaterThan(300);
      for (const line of new Set(text.split('\n'))) counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    // Blank lines between blocks and code fences are structure, not lines of navigation.
    counts.delete('');
    counts.delete('```');
    const repeated = [...counts].filter(([, n]) => n >= pages.length / 2).map(([l]) => l);
    expect(repeated).toEqual([]);
  });
});

describe('extractHtml', () => {
  const html = `<!doctype html><html><head><title> The  Title </title>
    <link rel="canonical" href="/docs/page"><base href="https://example.com/base/">
    <meta name="robots" content="noindex"></head><body>
    <div class="navheader"><a href="prev.html">Prev</a> <a href="next.html">Next</a></div>
    <div id="cookie-consent">We use cookies</div>
    <div class="sidebar"><a href="/side">Side link</a></div>
    <h1>Main &amp; title</h1><p>First   paragraph
    text.</p><ul><li>one</li><li><p>two</p></li></ul>
    <pre>  code line 1
  code line 2</pre>
    <table><tr><th>Name</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></table>
    <p style="display:none">hidden</p><script>var x = 1;</script>
    <a href="mailto:a@b.c">mail</a> <a href="javascript:void 0">js</a> <a href="#frag">frag</a>
    <a href="other.html#part" rel="nofollow">nf</a> <a href="page2.html#s">p2</a>
    <div class="navfooter">Prev Up Next</div></body></html>`;

  it('returns text, title, canonical, robots flags and links', () => {
    const r = extractHtml(html, 'https://example.com/docs/page?x=1');
    expect(r.title).toBe('The Title');
    expect(r.canonical).toBe('https://example.com/docs/page');
    expect(r.noindex).toBe(true);
    // Blocks apart, code fenced, each table row with its header cells.
    expect(r.text).toBe(
      [
        '# Main & title',
        'First paragraph text.',
        '- one\n- two',
        '```\n  code line 1\n  code line 2\n```',
        'Name: a | Value: 1',
        'mail js frag nf p2',
      ].join('\n\n'),
    );
    expect(r.links).toEqual([
      'https://example.com/base/prev.html',
      'https://example.com/base/next.html',
      'https://example.com/side',
      'https://example.com/base/page2.html',
    ]);
  });

  it("reads a wrapper with the id page-content as the main region, without the site's header", () => {
    const r = extractHtml(
      '<body><div id="page-header"><p class="apache">Server Docs 2.4</p></div><div id="path">' +
        `<a href="/">Docs</a> &gt; <a href="/mod/">Modules</a><div id="page-content"><h1>mod_x</h1><p>${'It does x. '.repeat(20)}</p></div></div></body>`,
      'http://x/mod/mod_x.html',
    );
    expect(r.text.startsWith('# mod_x')).toBe(true);
    expect(r.text).not.toContain('Server Docs');
  });

  it('prefers the marked main region when there is one', () => {
    const r = extractHtml(
      `<body><div>Top promo text that is not part of the article</div><article><h2>Story</h2><p>${'Words. '.repeat(40)}</p></article><div>After</div></body>`,
      'http://x/',
    );
    expect(r.text.startsWith('## Story')).toBe(true);
    expect(r.text).not.toContain('promo');
  });

  it("keeps a shop's banner (its hero: who it is), not its announcement bar", () => {
    const r = extractHtml(
      '<body><div class="announcement-bar" role="region" aria-label="Announcement"><p>Free shipping over €75</p></div>' +
        '<main><div class="banner banner--large"><h2 class="banner__heading">Knitted in Bergen since 1962</h2>' +
        '<p>Sweaters and beanies from Norwegian wool.</p></div><h2>Why us</h2><p>Lifetime repairs.</p></main></body>',
      'http://shop.test/',
    );
    expect(r.text.split('\n\n')).toEqual([
      '## Knitted in Bergen since 1962',
      'Sweaters and beanies from Norwegian wool.',
      '## Why us',
      'Lifetime repairs.',
    ]);
  });

  it("keeps an article's own header but not the site's header inside a wrapper named content", () => {
    const words = `<p>${'The module reads and writes files. '.repeat(8)}</p>`;
    const site = extractHtml(
      '<body><div id="content"><header class="header"><h1>Shop docs v2</h1><ul><li>Other versions</li>' +
        `<li><a href="all.html">View on single page</a></li></ul></header><h2>File system</h2>${words}</div></body>`,
      'http://x/fs.html',
    );
    expect(site.text.startsWith('## File system')).toBe(true);
    expect(site.text).not.toContain('Other versions');
    const article = extractHtml(
      `<body><main><article><header><h1>Opening hours</h1><p>Updated in May</p></header>${words}</article></main></body>`,
      'http://x/hours.html',
    );
    expect(article.text.startsWith('# Opening hours\n\nUpdated in May')).toBe(true);
  });

  it('never empties a page whose content wrapper is named like boilerplate', () => {
    const body = `<p>${'Real content of the page. '.repeat(10)}</p>`;
    const wrapped = extractHtml(
      `<body class="has-sidebar"><div class="page-with-sidebar">${body}</div></body>`,
      'http://x/',
    );
    expect(wrapped.text).toContain('Real content of the page.');
    const nav = extractHtml(
      `<body><div class="sidebar">Menu</div><div>${body}</div></body>`,
      'http://x/',
    );
    expect(nav.text).not.toContain('Menu');
  });

  it("keeps the page's <main> and content wrappers a class calls chrome, as VitePress writes them", () => {
    const words = 'Real content of the page. '.repeat(10);
    const banner = `<div class="banner"><p>${'A release announcement above every page. '.repeat(4)}</p></div>`;
    // The layout's wrapper named for what it holds ("has-sidebar"), not a sidebar itself.
    const layout = extractHtml(
      `<body>${banner}<div class="VPContent has-sidebar"><aside class="VPSidebar">Menu</aside><div class="page-with-sidebar"><p>${words}</p></div></div></body>`,
      'http://x/guide.html',
    );
    expect(layout.text).toContain('Real content of the page.');
    expect(layout.text).not.toContain('Menu');
    // A wrapper a class drops around the page's <main>: <main> is read; what its own classes
    // mark inside it, and the sidebar beside it, are still dropped.
    const wrapped = extractHtml(
      `<body>${banner}<div class="sticky-footer-wrap"><div class="sidebar">Menu</div><main><p>${words}</p><div class="related">Related guides</div></main></div></body>`,
      'http://x/guide.html',
    );
    expect(wrapped.text).toBe(words.trim());
    // Not a <main> that a tag hides (a template's).
    const template = extractHtml(
      `<body>${banner}<p>${words}</p><template><main><p>Template text</p></main></template></body>`,
      'http://x/guide.html',
    );
    expect(template.text).not.toContain('Template text');
  });

  it('reads the whole page when <article>s are cards side by side, the main region when one is', () => {
    const card = (t: string) =>
      `<a href="/${t}.html"><article class="box"><h2>${t}</h2><p>About ${t}. ${'What it does for you, in a sentence or two. '.repeat(3)}</p></article></a>`;
    const table =
      '<h2>Supported databases</h2><table><tr><th>Database</th><th>Versions</th></tr><tr><td>PostgreSQL</td><td>12 to 17</td></tr></table>';
    const intro = `<p>${'The tool in one paragraph of introduction text. '.repeat(6)}</p>`;
    const home = extractHtml(
      `<body>${intro}<div class="features">${card('Lint')}${card('Deploy')}</div><div class="doc">${table}</div></body>`,
      'http://x/tool.html',
    );
    expect(home.text).toContain('Database: PostgreSQL | Versions: 12 to 17');
    expect(home.text).toContain('About Lint.');
    const post = extractHtml(
      `<body><div class="teaser"><p>Teaser text.</p></div><article>${table}${intro}</article></body>`,
      'http://x/post.html',
    );
    expect(post.text).toContain('Database: PostgreSQL | Versions: 12 to 17');
    expect(post.text).not.toContain('Teaser text');
  });

  it("drops a highlighter's label naming its code's language, not a file name beside the code", () => {
    const page = extractHtml(
      '<main><p>Add the orb to your config:</p><div class="language-yaml vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">yaml</span><pre><code>orbs:\n  stepwell: stepwell/stepwell@1.2.0</code></pre></div>' +
        '<div class="language-python highlight"><span class="filename">yaml</span><pre><code>print(1)</code></pre></div>' +
        '<div class="language-python highlight"><span class="filename">example.py</span><pre><code>print(2)</code></pre></div></main>',
      'http://x/ci.html',
    );
    expect(page.text.startsWith('Add the orb to your config:\n\n```')).toBe(true);
    expect(page.text).toContain('example.py');
    expect(page.text.match(/^yaml$/gm)).toHaveLength(1);
  });

  it("reads each <div> of a listing as a line of its code, and no permalink's screen-reader label", () => {
    const line = (code: string) => `<div class="ec-line"><div class="code">${code}</div></div>`;
    const page = extractHtml(
      '<main><div class="sl-heading-wrapper"><h3 id="ping">Ping monitors are down in Docker</h3><a class="sl-anchor-link" href="#ping"><span aria-hidden="true" class="sl-anchor-icon"><svg></svg></span><span class="sr-only">Section titled “Ping monitors are down in Docker”</span></a></div>' +
        `<p>Add the capability:</p><div class="expressive-code"><figure class="frame"><pre data-language="yaml"><code>${line('<span>services</span>:')}${line('<span class="indent">  </span>cap_add:')}${line('<span class="indent">    </span>- NET_RAW')}</code></pre></figure></div>` +
        '<p class="price"><span aria-hidden="true">€14.50 – €42.00</span><span class="screen-reader-text">Price range: €14.50 through €42.00</span></p></main>',
      'http://x/faq.html',
    );
    expect(page.text).toBe(
      [
        '### Ping monitors are down in Docker {#ping}',
        'Add the capability:',
        '```\nservices:\n  cap_add:\n    - NET_RAW\n```',
        'Price range: €14.50 through €42.00',
      ].join('\n\n'),
    );
  });

  it('reads an <aside> classed as a callout, titled by its accessible name, and drops a sidebar <aside>', () => {
    const page = extractHtml(
      '<main><p>Plans are billed monthly.</p><aside aria-label="Discounts" class="starlight-aside starlight-aside--tip"><p class="starlight-aside__title" aria-hidden="true"><svg></svg>Discounts</p><div class="starlight-aside__content"><p>Registered non-profits get 40% off any paid plan.</p></div></aside>' +
        '<aside class="right-sidebar-container"><h2>On this page</h2><p>Plans</p></aside></main>',
      'http://x/pricing.html',
    );
    expect(page.text).toBe(
      'Plans are billed monthly.\n\nDiscounts: Registered non-profits get 40% off any paid plan.',
    );
  });

  it("reads a page as a desktop shows it: another screen's copy of a component and a cookie banner named so dropped", () => {
    // As a builder renders a component once per breakpoint, hiding the others by media query.
    const css =
      '.framer-abc{display:flex}@media (min-width: 1200px){.hidden-desk{display:none!important}}' +
      '@media (max-width: 809.98px){.hidden-phone, .hidden-x{display:none!important}}' +
      '@media print{.no-print{display:none}}.js-closed{display:none}';
    const cards = (cls: string) =>
      `<div class="ssr-variant ${cls}"><h3>Flex</h3><p>€60 a month.</p></div>`;
    const { text } = extractHtml(
      `<html><head><style>${css}</style></head><body><main><h2>Membership</h2>` +
        `${cards('hidden-phone')}${cards('hidden-desk')}` +
        // Hidden for print only, or until a script opens it: this screen's content.
        '<p class="no-print">Cancel with a month’s notice.</p><div class="js-closed"><p>Clay is extra.</p></div>' +
        '<div role="region" aria-label="Cookie banner"><p>We use cookies to see how the site is used.</p></div>' +
        '<section aria-label="Cookie policy"><p>We keep one cookie for your basket.</p></section>' +
        '</main></body></html>',
      'https://x.test/pricing',
    );
    expect(text.split('\n\n')).toEqual([
      '## Membership',
      '### Flex',
      '€60 a month.',
      'Cancel with a month’s notice.',
      'Clay is extra.',
      'We keep one cookie for your basket.',
    ]);
  });

  it('decodes the declared charset', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1');
    expect(extractHtml(decodeHtml(latin1, 'text/html'), 'http://x/').text).toBe('café');
  });
});

describe('extractHtml keeps the structure answers need', () => {
  const text = (body: string) =>
    extractHtml(
      `<html><head><title>T</title></head><body><main>${body}</main></body></html>`,
      'https://x.test/p',
    ).text;

  it('keeps a definition list term with its description, one definition per block', () => {
    const out = text(
      '<h2>Options</h2><dl><dt>-a</dt><dt>--all</dt><dd><p>Stage every modified file.</p></dd>' +
        '<dt>--amend</dt><dd>Replace the tip of the branch.</dd></dl>',
    );
    expect(out.split('\n\n')).toEqual([
      '## Options',
      '-a, --all: Stage every modified file.',
      '--amend: Replace the tip of the branch.',
    ]);
  });

  it('makes each entry of a definition list whose terms have ids a section, nested entries deeper', () => {
    const permalink = (id: string) => `<a class="headerlink" href="#${id}">¶</a>`;
    // Sphinx's link to the entry's source code is not part of its name.
    const source =
      '<a href="_modules/shop.html#Cart"><span class="viewcode-link">[source]</span></a>';
    const out = text(
      '<h1>Shop API</h1><h2>Objects</h2><dl class="py class">' +
        `<dt id="shop.Cart">class shop.Cart(items)${source}${permalink('shop.Cart')}</dt>` +
        '<dd><p>A basket of items.</p><dl class="py method">' +
        `<dt id="shop.Cart.add">add(item)${permalink('shop.Cart.add')}</dt>` +
        '<dd><p>Puts an item in the basket.</p>' +
        '<dl class="field-list"><dt>Parameters:</dt><dd>item – what to add</dd>' +
        '<dt>cart :</dt><dd>the whole cart</dd><dt>when:paid:</dt><dd>a condition</dd></dl></dd>' +
        `<dt id="shop.Cart.empty">empty()${permalink('shop.Cart.empty')}</dt>` +
        '<dd><p>Takes every item out.</p></dd></dl></dd></dl>' +
        '<h2>Settings</h2><dl><dt id="SHOP_CURRENCY">SHOP_CURRENCY</dt><dd>Prices are shown in it.</dd>' +
        // Naming a cookie does not make an entry a cookie banner; the banner still goes.
        '<dt id="SESSION_COOKIE_NAME">SESSION_COOKIE_NAME</dt><dd>The cookie holding the cart.</dd></dl>' +
        '<div class="cookie-notice-bar">We use cookies.</div><div id="onetrust-consent-sdk">Accept</div>' +
        '<section id="cookies"><h2>Cookies</h2><p>The cart is kept in a cookie.</p></section>',
    );
    expect(out.split('\n\n')).toEqual([
      '# Shop API',
      '## Objects',
      '### class shop.Cart(items) {#shop.Cart}',
      'A basket of items.',
      '#### add(item) {#shop.Cart.add}',
      'Puts an item in the basket.',
      // A definition list without ids stays a definition (its own colon not doubled).
      'Parameters: item – what to add',
      'cart :: the whole cart',
      'when:paid:: a condition',
      '#### empty() {#shop.Cart.empty}',
      'Takes every item out.',
      '## Settings',
      '### SHOP_CURRENCY {#SHOP_CURRENCY}',
      'Prices are shown in it.',
      '### SESSION_COOKIE_NAME {#SESSION_COOKIE_NAME}',
      'The cookie holding the cart.',
      '## Cookies {#cookies}',
      'The cart is kept in a cookie.',
    ]);
    const sections = parseSections(out, 'web');
    expect(sections.find((s) => s.anchor === 'shop.Cart.add')).toEqual({
      heading: 'Objects › class shop.Cart(items) › add(item)',
      anchor: 'shop.Cart.add',
      paragraphs: [
        'Puts an item in the basket.',
        'Parameters: item – what to add',
        'cart :: the whole cart',
        'when:paid:: a condition',
      ],
    });
  });

  it('gives entries that share one description (grouped names, overloads) one section', () => {
    const entry = (id: string, name: string) =>
      `<dt id="index-${id}"><span class="category">Function: </span>double ${name} (double x)<a href="#index-${id}" class="copiable-anchor"> ¶</a></dt>`;
    const out = text(
      `<h2>Mathematical functions</h2><dl>${entry('gammafn', 'gammafn')}${entry('lgammafn', 'lgammafn')}` +
        `${entry('digamma', 'digamma')}<dd><p>The Gamma function and its logarithm.</p><p>See also beta.</p></dd>` +
        `${entry('beta', 'beta')}<dd><pre>beta(1, 2)</pre></dd>${entry('sinpi', 'sinpi')}${entry('cospi', 'cospi')}${entry('tanpi', 'tanpi')}</dl>`,
    );
    expect(out.split('\n\n')).toEqual([
      '## Mathematical functions',
      '### Function: double gammafn (double x) {#index-gammafn}',
      'Function: double lgammafn (double x), Function: double digamma (double x)',
      'The Gamma function and its logarithm.',
      'See also beta.',
      '### Function: double beta (double x) {#index-beta}',
      '```\nbeta(1, 2)\n```',
      '### Function: double sinpi (double x) {#index-sinpi}',
      'Function: double cospi (double x), Function: double tanpi (double x)',
    ]);
    const sections = parseSections(out, 'web');
    expect(sections.find((s) => s.anchor === 'index-gammafn')?.paragraphs.slice(0, 2)).toEqual([
      'Function: double lgammafn (double x), Function: double digamma (double x)',
      'The Gamma function and its logarithm.',
    ]);
  });

  it('keeps a definition list with ids a definition list where no heading can stand', () => {
    const out = text(
      '<ul><li>Options:<dl><dt id="opt-a">-a<a href="#opt-a">¶</a></dt><dd>All of them.</dd></dl></li></ul>',
    );
    expect(out).toBe('- Options:\n-a: All of them.');
  });

  it('writes each table row with its header cells, and a label row as "label: value"', () => {
    const out = text(
      '<table><thead><tr><th>Option</th><th>Default</th></tr></thead><tbody>' +
        '<tr><td>timeout</td><td>30 s</td></tr><tr><td>retries</td><td>3</td></tr></tbody></table>' +
        '<table><tr><td>Note</td><td>Back up your data first.</td></tr></table>',
    );
    expect(out).toBe(
      'Option: timeout | Default: 30 s\nOption: retries | Default: 3\n\nNote: Back up your data first.',
    );
  });

  it('reads an element playing a heading (role="heading") as a heading of its level', () => {
    const out = text(
      '<div role="heading" aria-level="1">Help</div><p>Start here.</p>' +
        '<div class="notion-header-block"><div role="heading" aria-level="3" id="refunds">Refunds</div></div>' +
        '<p>Within 14 days.</p><span role="heading">Contact</span><p>Write to us.</p>',
    );
    expect(out.split('\n\n')).toEqual([
      '# Help',
      'Start here.',
      '### Refunds {#refunds}',
      'Within 14 days.',
      '## Contact',
      'Write to us.',
    ]);
  });

  it('takes a first row of column labels for the header where no cell is marked one (Notion)', () => {
    const out = text(
      '<table><tr><td>Plan</td><td>Credits</td><td>Price</td></tr>' +
        '<tr><td>Starter</td><td>4 per month</td><td>€44</td></tr></table>' +
        // Not labels: repeated words, figures.
        '<table><tr><td>Balcony</td><td>No</td><td>Yes</td><td>Yes</td></tr><tr><td>Bathtub</td><td>No</td><td>No</td><td>Yes</td></tr></table>' +
        '<table><tr><td>Starter</td><td>4 credits</td><td>€44</td></tr><tr><td>Regular</td><td>8 credits</td><td>€80</td></tr></table>',
    );
    expect(out.split('\n\n')).toEqual([
      'Plan: Starter | Credits: 4 per month | Price: €44',
      'Balcony | No | Yes | Yes\nBathtub | No | No | Yes',
      'Starter | 4 credits | €44\nRegular | 8 credits | €80',
    ]);
  });

  it('reads a table caption before its rows, and a day over an hours table as its first row', () => {
    // As Drupal's office hours write them: no header, a season's caption, a comment column.
    const row = (day: string, hours: string, note = '') =>
      `<tr><td>${day}</td><td>${hours}</td><td>${note}</td></tr>`;
    const out = text(
      `<table><caption>Winter: 1 November to 31 March</caption><tbody>${row('Monday', 'Closed', 'Except bank holidays')}${row('Tuesday', '10:00-16:00')}</tbody></table>` +
        // Days heading columns are a header still.
        `<table>${row('Weekdays', 'Saturday', 'Sunday')}${row('9am to 5pm', '10am to 2pm', 'Closed')}</table>`,
    );
    expect(out.split('\n\n')).toEqual([
      'Winter: 1 November to 31 March',
      'Monday | Closed | Except bank holidays\nTuesday: 10:00-16:00',
      'Weekdays: 9am to 5pm | Saturday: 10am to 2pm | Sunday: Closed',
    ]);
  });

  it('reads an hours grid of paragraphs, a day then its hours, as one line per day', () => {
    // As site builders lay out opening hours: a row of two text boxes, no table.
    const cell = (t: string) => `<div><p>${t}</p></div>`;
    const row = (day: string, hours: string) => `<div>${cell(day)}${cell(hours)}</div>`;
    const out = text(
      `<h2>Opening hours</h2>${row('Tue – Fri', '10:00 – 21:30')}${row('Saturday:', '9am to 1pm, 2pm to 5pm')}${row('Monday', 'Closed')}` +
        // Not hours alone, nor a day alone: each stays a paragraph of its own.
        `${row('Saturday', '10:00 – 12:00: family wheel session')}<p>Sunday brunch</p><p>11:00 – 15:00</p>`,
    );
    expect(out.split('\n\n').slice(1)).toEqual([
      'Tue – Fri: 10:00 – 21:30',
      'Saturday: 9am to 1pm, 2pm to 5pm',
      'Monday: Closed',
      'Saturday',
      '10:00 – 12:00: family wheel session',
      'Sunday brunch',
      '11:00 – 15:00',
    ]);
  });

  it('heads columns with a first row over an empty corner cell, and repeats a cell spanning rows', () => {
    // As a help desk's editor writes an hours table: no <th>, bold labels, a corner cell.
    const out = text(
      '<table><tbody><tr><td><br></td><td><strong>Phone</strong></td><td><strong>Email</strong></td></tr>' +
        '<tr><td><strong>Saturday</strong></td><td>9am to 5pm</td><td rowspan="2">We reply within a day</td></tr>' +
        '<tr><td><strong>Sunday</strong></td><td>Closed</td></tr></tbody></table>' +
        // A span in the first column, and a hostile one: each row of its own once.
        '<table><tr><th>Plan</th><th>Seats</th><th>Price</th></tr>' +
        '<tr><td rowspan="2">Team</td><td>5</td><td>€40</td></tr><tr><td>10</td><td>€70</td></tr>' +
        '<tr><td rowspan="999999">Pro</td><td>25</td><td>€150</td></tr></table>' +
        // A header cell spanning a second header row is not carried into it.
        '<table><tr><th rowspan="2">Mode</th><th>Share</th><th>Update</th></tr><tr><th>Read</th><th>Write</th></tr>' +
        '<tr><td>FOR SHARE</td><td>yes</td><td>no</td></tr></table>',
    );
    expect(out.split('\n\n')).toEqual([
      'Saturday | Phone: 9am to 5pm | Email: We reply within a day\nSunday | Phone: Closed | Email: We reply within a day',
      'Plan: Team | Seats: 5 | Price: €40\nPlan: Team | Seats: 10 | Price: €70\nPlan: Pro | Seats: 25 | Price: €150',
      'Read: Write\nMode: FOR SHARE | Share: yes | Update: no',
    ]);
  });

  it("reads a price styled as a heading as its card's text", () => {
    const out = text(
      '<h2>Membership</h2><div class="card"><h3>Flex</h3><h3>€60 / month</h3><p>For regular practice.</p></div>' +
        '<div class="card"><h4>Pro</h4><h2>from $1,250/mo</h2></div><h2>2.1 Install</h2><h3>20 € voucher rules</h3>',
    );
    expect(out.split('\n\n')).toEqual([
      '## Membership',
      '### Flex',
      '€60 / month',
      'For regular practice.',
      '#### Pro',
      'from $1,250/mo',
      '## 2.1 Install',
      '20 € voucher rules',
    ]);
  });

  it("reads the cells of a table's head as its header though written <td>, as editors write them", () => {
    const page = extractHtml(
      '<main><table><thead><tr><td>Recipe</td><td>Grain-free?</td><td>Does not contain</td></tr></thead>' +
        '<tbody><tr><td>Moorland Lamb</td><td>Yes</td><td>chicken, beef</td></tr>' +
        '<tr><td>Turkey</td><td>No</td><td>chicken, wheat</td></tr></tbody></table></main>',
      'http://x/recipes.html',
    );
    expect(page.text).toBe(
      'Recipe: Moorland Lamb | Grain-free?: Yes | Does not contain: chicken, beef\n' +
        'Recipe: Turkey | Grain-free?: No | Does not contain: chicken, wheat',
    );
  });

  it('repeats no more of a spanning cell than a table holds of its own text', () => {
    // Hostile: a long cell spanning a hundred rows of one short cell each.
    const long = 'word '.repeat(1_000);
    const rows = Array.from({ length: 99 }, (_, i) => `<tr><td>${i}</td></tr>`).join('');
    const out = text(`<table><tr><td rowspan="100">${long}</td><td>0</td></tr>${rows}</table>`);
    expect(out.length).toBeLessThan(3 * long.length);
    expect(out.startsWith(`${long.trim()} | 0`)).toBe(true);
  });

  it('keeps the lines a <br> breaks a paragraph into, not those of a cell, a term or a heading', () => {
    // A help desk's callout: a bold title, then one fact a line.
    const out = text(
      '<p><strong>Christmas opening hours</strong><br>Christmas Eve: 9am to 1pm.<br>  Closed on 25 and 26 December.</p>' +
        // Each read as one line: an option's two spellings, a cell, a heading.
        '<dl><dt>-D tablespace<br>--tablespace=tablespace</dt><dd>Sets the default tablespace.</dd></dl>' +
        '<table><tr><td>Mon–Fri<br>9–17</td><td>Sat<br>10–14</td></tr></table><h3>Prices<br>and hours</h3>',
    );
    expect(out.split('\n\n')).toEqual([
      'Christmas opening hours\nChristmas Eve: 9am to 1pm.\nClosed on 25 and 26 December.',
      '-D tablespace --tablespace=tablespace: Sets the default tablespace.',
      'Mon–Fri 9–17: Sat 10–14',
      '### Prices and hours',
    ]);
  });

  it('reads a table written as ARIA roles on divs (GitBook, data grids) as a table', () => {
    const row = (cells: string[], role = 'cell') =>
      `<div role="row">${cells.map((c) => `<div role="${role}"><p>${c}</p></div>`).join('')}</div>`;
    const out = text(
      `<div role="table" class="w-full"><div role="rowgroup">${row(['Plan', 'Billed monthly'], 'columnheader')}</div>` +
        `<div role="rowgroup">${row(['Starter', '$11 per user / month'])}${row(['Pro', '$18 per user / month'])}</div></div>` +
        '<p>Prices exclude tax.</p>',
    );
    expect(out).toBe(
      'Plan: Starter | Billed monthly: $11 per user / month\nPlan: Pro | Billed monthly: $18 per user / month\n\nPrices exclude tax.',
    );
  });

  it("reads a table written as classes on divs (Notion's database views) as a table, rows by column index", () => {
    const header = (labels: string[]) =>
      `<div class="notion-table-view-header-row">${labels.map((l) => `<div class="notion-table-view-header-cell"><div role="button"><div>${l}</div></div></div>`).join('')}</div>`;
    // Each record's wrapper says nothing of a row: its first cell by index starts one.
    const record = (cells: string[]) =>
      `<div class="notion-collection-item"><div>${cells.map((c, i) => `<div class="notion-table-view-cell" data-col-index="${i}"><span>${c}</span></div>`).join('')}</div></div>`;
    const out = text(
      `<div class="notion-table-view">${header(['Class', 'When'])}<div class="notion-table-view-body">` +
        `${record(['Spanish for Beginners', 'Tuesdays at 19:00'])}${record(['French Club', 'Thursdays at 18:30'])}</div></div>` +
        // Outside a table, a cell's class only lays a page out; inside a real cell, a wrapper.
        '<div class="table-cell"><p>Book a seat in the app.</p></div><div class="table-cell"><p>Seats are first come, first served.</p></div>' +
        `<table><tr>${['Plan', 'Credits', 'Price'].map((c) => `<td><div class="notion-table-cell">${c}</div></td>`).join('')}</tr>` +
        `<tr>${['Starter', '4 per month', '€44'].map((c) => `<td><div class="notion-table-cell">${c}</div></td>`).join('')}</tr></table>`,
    );
    expect(out.split('\n\n')).toEqual([
      'Class: Spanish for Beginners | When: Tuesdays at 19:00\nClass: French Club | When: Thursdays at 18:30',
      'Book a seat in the app.',
      'Seats are first come, first served.',
      'Plan: Starter | Credits: 4 per month | Price: €44',
    ]);
  });

  it("reads an icon in a table's cell as its label, and elsewhere as nothing", () => {
    const out = text(
      '<table><tr><th>Feature</th><th>Free</th><th>Pro</th></tr>' +
        '<tr><td>SSO</td><td><span class="icon-no" title="No"></span></td><td><i aria-label="Included"></i></td></tr>' +
        '<tr><td>Export</td><td><img src="x.svg" alt="No"></td><td><abbr title="Portable Document Format">PDF</abbr></td></tr>' +
        '</table><p>Plans <span title="tooltip"></span>compared.</p>',
    );
    expect(out).toBe(
      'Feature: SSO | Free: No | Pro: Included\nFeature: Export | Free: No | Pro: PDF\n\nPlans compared.',
    );
  });

  it("does not double a label's own colon; code in a table row or after a term starts a line", () => {
    const out = text(
      '<table><tr><th>Status:</th><td>Extension</td></tr><tr><th>Default:</th><td>None</td></tr></table>' +
        '<table><thead><tr><th>Option</th><th>Example</th></tr></thead><tbody>' +
        '<tr><td>timeout</td><td><pre>timeout = 30</pre></td></tr>' +
        '<tr><td>retries</td><td><pre>retries = 3\nbackoff = 2</pre></td></tr></tbody></table>' +
        '<dl><dt>Example:</dt><dd><pre>x = 1</pre></dd></dl>',
    );
    expect(out).toBe(
      [
        'Status: Extension\nDefault: None',
        'Option: timeout | Example:\n```\ntimeout = 30\n```\nOption: retries | Example:\n```\nretries = 3\nbackoff = 2\n```',
        'Example:\n```\nx = 1\n```',
      ].join('\n\n'),
    );
    // Code between cells has lines of its own: a fence starts and ends its line.
    expect(
      text('<table><tr><td>Run</td><td><pre>make</pre></td><td>then test it</td></tr></table>'),
    ).toBe('Run\n```\nmake\n```\nthen test it');
    expect(
      text('<table><tr><td><pre>ls -a</pre></td><td>lists hidden files too</td></tr></table>'),
    ).toBe('```\nls -a\n```\nlists hidden files too');
  });

  it("joins an admonition's title, written as a heading or a label, to its first paragraph", () => {
    const out = text(
      '<h2 id="logs">Logging</h2><p>Logs go to the error log.</p>' +
        '<div class="note"><h3>RewriteLog</h3><p>Older versions had a RewriteLog directive.</p></div>' +
        '<p>Raise the level only to debug.</p>' +
        '<div class="admonition warning"><p class="admonition-title">Warning</p><p>It is slow.</p></div>' +
        '<div class="admonition tip"><p class="admonition-title">Changed in version 1.6:</p><p>Renamed.</p></div>' +
        '<div class="note"><h4>Steps</h4><ul><li>Stop it</li><li>Start it</li></ul></div>',
    );
    expect(out).toBe(
      [
        '## Logging {#logs}',
        'Logs go to the error log.',
        'RewriteLog: Older versions had a RewriteLog directive.',
        // Still the Logging section's: the box's heading opened no section.
        'Raise the level only to debug.',
        'Warning: It is slow.',
        'Changed in version 1.6: Renamed.',
        'Steps\n- Stop it\n- Start it',
      ].join('\n\n'),
    );
  });

  it("gives each heading the anchor a link to it uses, without its permalink's symbol", () => {
    const out = text(
      '<h2 id="install">Install<a class="headerlink" href="#install">¶</a></h2><p>Run it.</p>' +
        // gi-docgen's and rustdoc's link to the source code is not part of the title.
        '<h4 id="description">Description<a class="anchor" href="#description"></a>' +
        '<a class="srclink" title="go to source location" href="https://git.test/x.h#L2">[src]</a></h4><p>Shows it.</p>' +
        '<section id="usage"><h2>Usage</h2><p>Open it.</p></section>' +
        '<h3>Events<span><a class="mark" href="#events" id="events">#</a></span></h3><p>Listen.</p>' +
        '<h3>Plain</h3><p>No id here.</p>' +
        // Texinfo and older pages set an empty anchor just before the heading.
        '<span id="Pipelines"></span><h4>Pipelines</h4><span id="index-pipe"></span><p>Pipe.</p>' +
        '<a name="old-style"></a><h4>Old style</h4><p>Named.</p>' +
        '<div class="refsect1" id="SQL-WITH"><h3>WITH Clause</h3><p>Common tables.</p></div>',
    );
    expect(out.split('\n').filter((l) => l.startsWith('#'))).toEqual([
      '## Install {#install}',
      '#### Description {#description}',
      '## Usage {#usage}',
      '### Events {#events}',
      '### Plain',
      '#### Pipelines {#Pipelines}',
      '#### Old style {#old-style}',
      '### WITH Clause {#SQL-WITH}',
    ]);
  });

  it('keeps sections and headings whose ids are made from their titles, whatever they say', () => {
    const out = text(
      '<section id="pagination"><h2>Pagination</h2><p>Results come in pages of 50.</p></section>' +
        '<h2 id="comments">Comments</h2><p>Lines starting with # are comments.</p>' +
        '<div class="section" id="navigation"><h2>Navigation</h2><p>Arrow keys move.</p></div>' +
        '<div class="refsect1" id="menu"><h2>Menu</h2><p>Soup of the day.</p></div>' +
        '<div id="Comments-1"><h3>Comment lines</h3><p>Start with #.</p></div>' +
        '<div id="_footer"><h3>Footer</h3><p>The file ends with a footer.</p></div>' +
        // Docusaurus styles its headings "anchorWithStickyNavbar"; tabs hide all panels but one.
        '<h2 class="anchor anchorWithStickyNavbar_LWe7" id="install">Install</h2>' +
        '<div role="tabpanel"><p>npm i acme</p></div><div role="tabpanel" hidden><p>yarn add acme</p></div>' +
        // GitBook also marks them with a "hidden" class, which elsewhere hides chrome.
        '<div role="tabpanel" class="p-4 hidden" hidden><p>pnpm add acme</p></div><p class="hidden">Skip</p>' +
        '<div id="navigation-bar"><a href="/a">A</a></div><div class="menu">Home About</div>' +
        '<section id="cookie-notice"><p>We use cookies.</p></section>',
    );
    expect(out.split('\n\n')).toEqual([
      '## Pagination {#pagination}',
      'Results come in pages of 50.',
      '## Comments {#comments}',
      'Lines starting with # are comments.',
      '## Navigation {#navigation}',
      'Arrow keys move.',
      '## Menu {#menu}',
      'Soup of the day.',
      '### Comment lines {#Comments-1}',
      'Start with #.',
      '### Footer {#_footer}',
      'The file ends with a footer.',
      '## Install {#install}',
      'npm i acme',
      'yarn add acme',
      'pnpm add acme',
    ]);
  });

  it("keeps an FAQ's questions and the hidden answers they open, not a menu's toggle or panel", () => {
    const page = `<html><body><header class="site-header">
      <button aria-expanded="false" aria-controls="mobile-menu">Menu</button></header>
      <div id="mobile-menu" hidden><a href="/a">About</a> <a href="/b">Shop</a></div>
      <main><h1>Questions</h1><p>Everything about orders, delivery and returns, answered by our team.</p>
      <h3><button aria-expanded="false" aria-controls="faq-1">Do you ship abroad?</button></h3>
      <div id="faq-1" hidden><p>Yes, to every country in the EU within five days.</p></div>
      <h3><button aria-expanded="false">Can I return a kettle?</button></h3>
      <div role="region" hidden><p>Within 30 days, unused.</p></div>
      <button role="tab" aria-controls="t1">Bash</button><button role="tab" aria-controls="t2">Fish</button>
      <p style="display:none">Tracking text</p><button>Subscribe</button></main></body></html>`;
    expect(extractHtml(page, 'https://shop.test/faq').text.split('\n\n')).toEqual([
      '# Questions',
      'Everything about orders, delivery and returns, answered by our team.',
      '### Do you ship abroad?',
      'Yes, to every country in the EU within five days.',
      '### Can I return a kettle?',
      'Within 30 days, unused.',
    ]);
  });

  it("reads an FAQ block's bold questions as the headings of their answers (Yoast SEO)", () => {
    const entry = (id: string, q: string, a: string) =>
      `<div class="schema-faq-section" id="${id}"><strong class="schema-faq-question">${q}</strong> <p class="schema-faq-answer">${a}</p> </div>`;
    const page = `<html><body><main><h1>FAQ</h1>
      <div class="schema-faq wp-block-yoast-faq-block">${entry('faq-question-1', 'Do you sell gift cards?', 'Yes, from €20, valid for two years.')}
      ${entry('faq-question-2', 'Are your bags recyclable?', 'They are home-compostable.')}</div>
      <p><strong>Note:</strong> prices include VAT.</p></main></body></html>`;
    expect(extractHtml(page, 'https://roaster.test/faq').text.split('\n\n')).toEqual([
      '# FAQ',
      '## Do you sell gift cards? {#faq-question-1}',
      'Yes, from €20, valid for two years.',
      '## Are your bags recyclable? {#faq-question-2}',
      'They are home-compostable.',
      'Note: prices include VAT.',
    ]);
  });

  it('reads a price the page shows only to the eye in the words it gives screen readers (WooCommerce)', () => {
    const amount = (v: string) =>
      `<span class="woocommerce-Price-amount amount" aria-hidden="true"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>${v}</bdi></span>`;
    const page = `<html><body><a class="skip-link screen-reader-text" href="#main">Skip to content</a>
      <main id="main"><div class="product"><h1 class="product_title">Huila Washed</h1>
      <p class="price">${amount('13.00')} <span aria-hidden="true">&ndash;</span> ${amount('38.00')}<span class="screen-reader-text">Price range: &euro;13.00 through &euro;38.00</span></p>
      <p class="price"><del aria-hidden="true">${amount('20.00')}</del> <span class="screen-reader-text">Original price was: &euro;20.00.</span><ins aria-hidden="true">${amount('15.00')}</ins><span class="screen-reader-text">Current price is: &euro;15.00.</span></p>
      <p>A sweet, washed coffee from Huila. <a href="/brew">Brew guide<span class="screen-reader-text"> (opens in a new tab)</span></a></p></div></main></body></html>`;
    expect(extractHtml(page, 'https://roaster.test/huila').text.split('\n\n')).toEqual([
      '# Huila Washed {#main}',
      'Price range: €13.00 through €38.00',
      'Original price was: €20.00. Current price is: €15.00.',
      'A sweet, washed coffee from Huila. Brew guide',
    ]);
  });

  it("reads a Webflow dropdown's list, a <nav> its toggle opens, as the FAQ answer it holds", () => {
    const dropdown = (n: number, question: string, answer: string) =>
      `<div data-hover="false" data-delay="0" class="faq-dropdown w-dropdown">` +
      `<div class="faq-toggle w-dropdown-toggle" id="w-dropdown-toggle-${n}" aria-controls="w-dropdown-list-${n}" aria-haspopup="menu" aria-expanded="false" role="button" tabindex="0">` +
      `<div class="faq-question">${question}</div></div>` +
      `<nav class="faq-list w-dropdown-list" id="w-dropdown-list-${n}" aria-labelledby="w-dropdown-toggle-${n}">` +
      `<div class="w-richtext"><p>${answer}</p></div></nav></div>`;
    const page = `<html><body><div class="navbar w-nav"><nav role="navigation" class="w-nav-menu">
      <div class="w-dropdown"><div class="w-dropdown-toggle" id="w-dropdown-toggle-9" aria-controls="w-dropdown-list-9" aria-haspopup="menu" aria-expanded="false" role="button">Spaces</div>
      <nav class="w-dropdown-list" id="w-dropdown-list-9"><a href="/desks" class="w-dropdown-link">Desks</a></nav></div></nav></div>
      <div class="section"><h1>FAQ</h1>${dropdown(0, 'Can I bring my dog?', 'Dogs are welcome on Fridays, on a lead.')}
      ${dropdown(1, 'Are there showers?', 'Two showers on the ground floor, with towels.')}</div></body></html>`;
    expect(extractHtml(page, 'https://cowork.test/faq').text.split('\n\n')).toEqual([
      '# FAQ',
      '## Can I bring my dog? {#w-dropdown-toggle-0}',
      'Dogs are welcome on Fridays, on a lead.',
      '## Are there showers? {#w-dropdown-toggle-1}',
      'Two showers on the ground floor, with towels.',
    ]);
  });

  it("keeps the site's footer (address, hours, phone) on its home page only, without its links", () => {
    const page = `<html><body><header class="site-header"><nav><a href="/a">About</a></nav></header>
      <main><h1>Acme Bikes</h1><p>Handmade city bikes from Utrecht, serviced by us for life.</p></main>
      <footer class="site-footer"><div class="footer-contact"><p>Oudegracht 1, Utrecht. Open
      Monday to Saturday, 9:00 to 18:00.</p></div><nav class="footer-nav"><a href="/privacy">Privacy</a>
      </nav><button>Back to top</button></footer></body></html>`;
    const body = '# Acme Bikes\n\nHandmade city bikes from Utrecht, serviced by us for life.';
    const footer = 'Oudegracht 1, Utrecht. Open Monday to Saturday, 9:00 to 18:00.';
    expect(extractHtml(page, 'https://acme.test/').text).toBe(`${body}\n\n${footer}`);
    expect(extractHtml(page, 'https://acme.test/index.html').text).toBe(`${body}\n\n${footer}`);
    expect(extractHtml(page, 'https://acme.test/bikes').text).toBe(body);
    // A theme's wrapper named after the footer, around the <footer> itself (Shopify's).
    const wrapped = page
      .replace('<footer class="site-footer">', '<div id="section-footer"><footer class="footer">')
      .replace('</footer>', '</footer></div>');
    expect(extractHtml(wrapped, 'https://acme.test/').text).toBe(`${body}\n\n${footer}`);
  });

  it("drops the page's own table of contents but keeps lists of links to other pages", () => {
    const out = text(
      '<ul><li><a href="#a">Alpha</a></li><li><a href="#b">Beta</a></li><li><a href="#c">Gamma</a></li></ul>' +
        '<h2 id="a">Alpha</h2><p>About alpha.</p>' +
        '<ul><li><a href="/one">One</a></li><li><a href="/two">Two</a></li><li><a href="/three">Three</a></li></ul>',
    );
    expect(out).not.toContain('- Alpha');
    expect(out).toContain('## Alpha {#a}');
    expect(out).toContain('- One\n- Two\n- Three');
  });

  it('drops a table of contents marked as one, however its class is written', () => {
    const contents = (marks: string) =>
      `<div ${marks}><a href="#">Table Of Contents</a><div><div><a href="#syntax">1. Syntax</a></div>` +
      '<div><a href="#command">2. The command</a></div></div></div>';
    const body =
      '<h2 id="syntax">1. Syntax</h2><p>The command names the new table, its columns and their types.</p>' +
      '<h2 id="command">2. The command</h2><p>It creates the table in the main database.</p>';
    for (const marks of [
      'class="fancy_toc"',
      'id="toc_sub"',
      'class="page-toc"',
      'id="table_of_contents"',
    ]) {
      const out = text(`<h1>CREATE TABLE</h1>${contents(marks)}${body}`);
      expect(out, marks).not.toContain('Table Of Contents');
      expect(out.split('\n\n').slice(0, 3), marks).toEqual([
        '# CREATE TABLE',
        '## 1. Syntax {#syntax}',
        'The command names the new table, its columns and their types.',
      ]);
    }
  });

  it("drops a manual's contents (nested lists of links to its pages) but keeps flat and worded ones", () => {
    const contents =
      '<ul><li><a href="intro.html">1. Introduction</a><ul><li><a href="intro.html#scope">1.1. Scope</a></li>' +
      '<li><a href="intro.html#terms">1.2. Terms</a></li></ul></li><li><a href="setup.html">2. Setup</a></li>' +
      '<li><a href="faq.html">3. Questions</a></li></ul>';
    const examples =
      '<ul><li><a href="http.html#req">HTTP requests</a></li><li><a href="fs.html">fs write streams</a></li>' +
      '<li><a href="net.html">TCP sockets</a></li></ul>';
    const described =
      '<ul><li><a href="cli.html">CLI</a>: every command and its options<ul><li><a href="cli.html#b">build</a>: ' +
      'writes the site</li><li><a href="cli.html#s">serve</a>: previews it</li></ul></li><li>More soon</li></ul>';
    const elsewhere =
      '<ul><li><a href="https://wiki.test/a">Wiki</a><ul><li><a href="https://wiki.test/b">FAQ</a></li>' +
      '<li><a href="https://wiki.test/c">Mentors</a></li></ul></li><li><a href="https://lists.test/">Lists</a></li></ul>';
    const out = text(`<h1>Guide</h1><p>Read on.</p>${contents}${examples}${described}${elsewhere}`);
    expect(out).not.toContain('Introduction');
    expect(out).not.toContain('1.1. Scope');
    expect(out).toContain('- HTTP requests\n- fs write streams\n- TCP sockets');
    expect(out).toContain('CLI: every command and its options');
    expect(out).toContain('Mentors');
  });

  it("drops a back-of-book index (entries linking to the page's sections) and its letter bar", () => {
    const entry = (term: string, id: string, section: string) =>
      `<tr><td></td><td><a href="#index-${id}">${term}</a>:</td><td>&nbsp;</td><td><a href="#${id}">${section}</a></td></tr>`;
    const letters =
      '<table><tr><th>Jump to: </th><td><a href="#L-B"><b>B</b></a> <a href="#L-C"><b>C</b></a> <a href="#L-L"><b>L</b></a></td></tr></table>';
    const index =
      '<table class="index-cp"><tr><td></td><th>Index Entry</th><td></td><th>Section</th></tr>' +
      `<tr><th id="L-B">B</th></tr>${entry('BLAS library', 'Linear-algebra', 'Linear algebra')}` +
      `<tr><th id="L-C">C</th></tr>${entry('Cairo', 'Cairo-graphics', 'Cairo graphics')}` +
      `<tr><th id="L-L">L</th></tr>${entry('Libraries, managing', 'Managing-libraries', 'Managing libraries')}</table>`;
    const commands =
      '<table><tr><th>Command</th><th>What it does</th></tr><tr><td><a href="add.html">add</a></td><td>Stages a file</td></tr>' +
      '<tr><td><a href="rm.html">rm</a></td><td>Removes a file</td></tr><tr><td><a href="mv.html">mv</a></td><td>Renames a file</td></tr></table>';
    const out = text(
      `<h2 id="Managing-libraries">Managing libraries</h2><p>Libraries are directories.</p>${commands}<h2>Concept index</h2>${letters}${index}`,
    );
    expect(out).toContain('Libraries are directories.');
    expect(out).toContain('Command: rm | What it does: Removes a file');
    expect(out).toContain('## Concept index');
    expect(out).not.toContain('Jump to');
    expect(out).not.toContain('BLAS library');
    expect(out).not.toContain('Cairo graphics');
  });

  it('drops an index written as terms and the pages they are on, but keeps described terms', () => {
    const term = (id: string, words: string, page: string, title: string) =>
      `<dt id="${id}">${words}, <a class="indexterm" href="${page}.html">${title}</a></dt>`;
    const index =
      `<dl>${term('i1', 'abbrev', 'functions-net', 'Network Address Functions')}` +
      `${term('i2', 'abs', 'functions-math', 'Mathematical Functions and Operators')}` +
      `<dt id="i3">archiving</dt><dd><dl>${term('i4', 'of the log', 'wal-archive', 'Continuous Archiving')}</dl></dd>` +
      `${term('i5', 'autovacuum', 'routine-vacuum', 'The Autovacuum Daemon')}</dl>`;
    const commands =
      '<dl><dt><a href="sql-abort.html">ABORT</a> — abort the current transaction</dt>' +
      '<dt><a href="sql-alter.html">ALTER TABLE</a> — change the definition of a table</dt>' +
      '<dt><a href="sql-analyze.html">ANALYZE</a> — collect statistics about a database</dt></dl>';
    const described =
      '<dl><dt><a href="bundle.html">bundle(5)</a></dt><dd>The file format.</dd>' +
      '<dt><a href="chunk.html">chunk(5)</a></dt><dd>Chunked files.</dd>' +
      '<dt><a href="pack.html">pack(5)</a></dt><dd>Packs.</dd></dl>';
    const out = text(`<h1>Index</h1>${index}<h2>Commands</h2>${commands}${described}`);
    expect(out).not.toContain('abbrev');
    expect(out).not.toContain('Continuous Archiving');
    expect(out).toContain('ABORT — abort the current transaction');
    expect(out).toContain('bundle(5): The file format.');
  });

  it('drops footnote marks, keeping the words they were written against and other superscripts', () => {
    const out = text(
      '<p>More recent versions<a id="DOCF1" href="#FOOT1"><sup>1</sup></a> added the flag.</p>' +
        '<p>The result is sorted<a href="#ftn.x" class="footnote"><sup class="footnote">[a]</sup></a> by name.</p>' +
        '<p>Unless noted<a class="footnote-reference brackets" href="#f3" id="r3">3</a> it is off.</p>' +
        '<p>The limit is 2<sup>31</sup> bytes, see <a href="#limits">2</a> and <a href="https://x.test/n">[4]</a>.</p>',
    );
    expect(out).toContain('More recent versions added the flag.');
    expect(out).toContain('The result is sorted by name.');
    expect(out).toContain('Unless noted it is off.');
    expect(out).toContain('The limit is 231 bytes, see 2 and [4].');
  });

  it('keeps apart the words of inline elements side by side, but not in code or before a superscript', () => {
    const out = text(
      '<div class="dish"><h4>Funghi</h4><span class="price">€11.00</span><span class="tag">vegan</span></div>' +
        '<p>Water is H<sub>2</sub>O, and <b>bold</b>ness stays one word.</p>' +
        '<pre><span class="k">return</span><span class="n">x</span></pre>',
    );
    expect(out).toContain('€11.00 vegan');
    expect(out).toContain('Water is H2O, and boldness stays one word.');
    expect(out).toContain('returnx');
  });

  it("drops a line-number gutter beside code (Pygments', Hugo's tables) but not code of numbers", () => {
    const pygments =
      '<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td>' +
      '<td class="code"><div class="highlight"><pre>app = Flask()\napp.run(port=8000)\n</pre></div></td></tr></table>';
    const hugo =
      '<table class="lntable"><tr><td class="lntd"><pre><code><span class="lnt">7\n</span><span class="lnt">8\n</span></code></pre></td>' +
      '<td class="lntd"><pre><code>port: 8080\ndebug: true</code></pre></td></tr></table>';
    expect(text(`<p>Run:</p>${pygments}`)).toBe(
      'Run:\n\n```\napp = Flask()\napp.run(port=8000)\n```',
    );
    expect(text(hugo)).toBe('```\nport: 8080\ndebug: true\n```');
    expect(text('<p>It prints:</p><pre>1\n2\n3</pre>')).toBe('It prints:\n\n```\n1\n2\n3\n```');
    // After other words in its cell, a column of numbers is a value.
    expect(text('<table><tr><td>unnest(ARRAY[1,2]) → <pre>1\n2</pre></td></tr></table>')).toBe(
      'unnest(ARRAY[1,2]) →\n```\n1\n2\n```',
    );
  });

  it('fences code written one element per line (Doxygen) as a code block', () => {
    const out = text(
      '<p>Example:</p><div class="fragment"><div class="line"><span class="keywordtype">void</span> foo(int) {}</div>\n' +
        '<div class="line">sigc::signal&lt;void(long)&gt; sig;</div>\n<div class="line">sig.<a class="code" href="a.html#x">connect</a>(foo); <span class="comment">// once</span></div>\n' +
        '<div class="ttc" id="a_connect"><div class="ttname">connect</div><div class="ttdoc">Adds a slot.</div></div></div>' +
        '<p>It connects foo.</p><h2>Members</h2>',
    );
    expect(out).toBe(
      'Example:\n\n```\nvoid foo(int) {}\nsigc::signal<void(long)> sig;\nsig.connect(foo); // once\n```\n\nIt connects foo.\n\n## Members',
    );
    // An anchor before the code is not the next heading's.
    expect(text('<span id="stale"></span><pre>make</pre><h2>Members</h2>')).toBe(
      '```\nmake\n```\n\n## Members',
    );
  });

  it("reads a disclosure's summary (an FAQ's question) as the heading of what it discloses", () => {
    const out = text(
      '<h1>FAQ</h1><details><summary>Can I cancel anytime?</summary><p>Yes, from Billing.</p></details>' +
        '<details><summary>Do you offer refunds?</summary><div>Within 14 days.</div></details>' +
        '<h2>Contact</h2><p>Write to us.</p>',
    );
    expect(out.split('\n\n')).toEqual([
      '# FAQ',
      '## Can I cancel anytime?',
      'Yes, from Billing.',
      '## Do you offer refunds?',
      'Within 14 days.',
      '## Contact',
      'Write to us.',
    ]);
    // A label ("History") is a line of text: what follows belongs to the section around it.
    const api = text(
      '<h2>fs.readFile()</h2><details><summary>History</summary><p>v10: callback required.</p></details><p>Reads a file.</p>',
    );
    expect(api).toBe('## fs.readFile()\n\nHistory\n\nv10: callback required.\n\nReads a file.');
    // A summary holding a heading element is a title, question or not (a shop's accordion).
    const shop = text(
      '<h1>Wool Sweater</h1><p>€129</p><details><summary><div><svg></svg><h2 class="accordion__title">Materials</h2></div></summary>' +
        '<div class="accordion__content"><p>100% wool.</p></div></details>',
    );
    expect(shop.split('\n\n')).toEqual(['# Wool Sweater', '€129', '## Materials', '100% wool.']);

    // What it discloses is content though a theme hides it until opened (Docusaurus's
    // collapsible animates a `display:none` wrapper); a hidden element inside it still is not.
    const docs = text(
      '<h1>Pricing</h1><details class="details_lb9f" data-collapsed="true"><summary>Why was my message split into two?</summary>' +
        '<div style="display:none;overflow:hidden;height:0px"><div class="collapsibleContent_i85q"><p>One emoji makes it Unicode.</p>' +
        '<p style="display:none">Tracking pixel</p></div></div></details>',
    );
    expect(docs.split('\n\n')).toEqual([
      '# Pricing',
      '## Why was my message split into two?',
      'One emoji makes it Unicode.',
    ]);
  });

  it("keeps what a toggle naming no panel hides near it (Notion's toggles), not other hidden text", () => {
    const button =
      '<div style="width:24px"><div role="button" tabindex="0" aria-expanded="false" aria-label="Open"><svg><path d="M2"></path></svg></div></div>';
    const out = text(
      // Its children in the row's text column, or after the row (a toggle heading's).
      `<div class="notion-toggle-block"><div style="display:flex">${button}<div style="flex:1 1 0px">` +
        '<div class="notranslate">How long is the test?</div><div style="display:none"><div>About 15 minutes.</div></div></div></div></div>' +
        `<div class="notion-toggle-block"><div style="display:flex">${button}<div><div role="heading" aria-level="3">No-shows</div></div></div>` +
        '<div style="display:none"><div>Your credit comes back.</div></div></div>' +
        '<div><div>Further on.</div><div style="display:none">Tracking text</div></div>',
    );
    expect(out.split('\n\n')).toEqual([
      'How long is the test?',
      'About 15 minutes.',
      '### No-shows',
      'Your credit comes back.',
      'Further on.',
    ]);
  });

  it('reads a bold paragraph as the title of what follows it, as site builders write titles', () => {
    const out = text(
      '<h2>Our treatments</h2><p class="font_5"><span style="font-weight:bold;">Sports Massage</span></p>' +
        '<p><span>Deep tissue work for recovery.</span></p><p><span style="font-weight:bold">60 minutes</span> · $125</p>' +
        '<p><strong>Dry Needling</strong></p><p>Fine needles release trigger points.</p><p><b>30 minutes</b></p>' +
        // Not a title: partly bold, a sentence, a number.
        '<p><strong>Note:</strong> arrive early.</p><p><strong>Bring a towel.</strong></p><p><strong>From £95 a session</strong></p>' +
        '<div style="font-weight:600"><p>Mats provided</p></div>' +
        '<h2>Parking</h2><p>Free parking behind the studio.</p>',
    );
    expect(out.split('\n\n')).toEqual([
      '## Our treatments',
      '### Sports Massage',
      'Deep tissue work for recovery.',
      '60 minutes · $125',
      '### Dry Needling',
      'Fine needles release trigger points.',
      '30 minutes',
      'Note: arrive early.',
      'Bring a towel.',
      'From £95 a session',
      'Mats provided',
      '## Parking',
      'Free parking behind the studio.',
    ]);
  });

  it("reads an accordion's toggle asking a question as the heading of the panel it opens", () => {
    const faq = (q: string, id: string, a: string) =>
      `<div class="faq-item"><button aria-expanded="false" aria-controls="${id}">${q}</button>` +
      `<div id="${id}" hidden><p>${a}</p></div></div>`;
    const out = text(
      `<h1>FAQ</h1><div class="faq">${faq('Is there air conditioning?', 'a1', 'No, but every room has a fan.')}` +
        `${faq('Can I check in early?', 'a2', 'If your room is ready, yes.')}</div>` +
        // Elementor's toggle: an element playing a button, its panel shown by a script.
        '<div role="button" aria-controls="t3" aria-expanded="false"><a>Is there parking?</a></div>' +
        '<div id="t3" role="region"><p>Three free spaces.</p></div>' +
        '<button aria-expanded="false" aria-controls="more">Show more</button><div id="more"><p>Our rooms.</p></div>',
    );
    expect(out.split('\n\n')).toEqual([
      '# FAQ',
      '## Is there air conditioning?',
      'No, but every room has a fan.',
      '## Can I check in early?',
      'If your room is ready, yes.',
      '## Is there parking?',
      'Three free spaces.',
      'Show more',
      'Our rooms.',
    ]);
  });

  it('reads a list whose items hold headings (Javadoc members, FAQ cards) as sections', () => {
    const members =
      '<h2 id="method-detail">Method Details</h2><ul class="member-list">' +
      '<li><section class="detail" id="trim(java.lang.String)"><h3>trim</h3><pre>public static String trim(String str)</pre>' +
      '<p>Removes control characters.</p><ul><li>null stays null</li><li>an empty string stays empty</li></ul></section></li>' +
      '<li><section class="detail" id="wrap(java.lang.String,char)"><h3>wrap</h3><p>Wraps a string.</p></section></li></ul>';
    const plain =
      '<ul><li>Plain item</li><li>Other item</li></ul>' +
      '<ul><li>Before it: <div class="note"><h4>Note</h4><p>Stays in its item.</p></div></li></ul>';
    expect(text(members + plain)).toBe(
      [
        '## Method Details {#method-detail}',
        '### trim {#trim(java.lang.String)}',
        '```\npublic static String trim(String str)\n```',
        'Removes control characters.',
        '- null stays null\n- an empty string stays empty',
        '### wrap {#wrap(java.lang.String,char)}',
        'Wraps a string.',
        // Lists without headings, and a callout's own heading in an item, stay lists.
        '- Plain item\n- Other item',
        '- Before it:\nNote: Stays in its item.',
      ].join('\n\n'),
    );
  });

  it("keeps a heading written shallower than its article's first inside that article's section", () => {
    const fn = (name: string, text: string) =>
      `<article class="func"><h4 id="${name}-2">${name}(Key, List)</h4><div class="REFBODY">` +
      `<h3 id="types">Types</h3><div>Key = term()</div><p>${text}</p></div></article>`;
    expect(
      text(
        `<h3 id="exports">Exports</h3>${fn('keyfind', 'Finds a tuple.')}${fn('keymap', 'Maps it.')}`,
      ),
    ).toBe(
      [
        '### Exports {#exports}',
        '#### keyfind(Key, List) {#keyfind-2}',
        '##### Types {#types}',
        'Key = term()',
        'Finds a tuple.',
        '#### keymap(Key, List) {#keymap-2}',
        '##### Types {#types}',
        'Key = term()',
        'Maps it.',
      ].join('\n\n'),
    );
    // An article of several sections at one level keeps them.
    expect(
      text('<article><h2>Install</h2><p>Run it.</p><h2>Use</h2><p>Call it.</p></article>'),
    ).toBe('## Install\n\nRun it.\n\n## Use\n\nCall it.');
  });

  it('reads structures nested past any real page as plain lines, keeping their text', () => {
    const levels = Array.from({ length: 100 }, (_, i) => `<ul><li>level ${i}`).join('');
    const out = text(`<p>${'Intro words. '.repeat(20)}</p>${levels}${'</li></ul>'.repeat(100)}`);
    const lines = out.split('\n');
    expect(lines).toContain('- level 0');
    expect(lines).toContain('level 99');
    expect(lines.filter((l) => l.startsWith('- ')).length).toBeLessThan(30);
  });

  it('fences code blocks and keeps them verbatim', () => {
    const out = text('<p>Run:</p><pre>git commit --amend\n\n# edit the message</pre>');
    expect(out).toBe('Run:\n\n```\ngit commit --amend\n\n# edit the message\n```');
  });

  it("keeps code nested in a second <pre> (mdBook), a highlighter's comments and its line breaks", () => {
    const listing =
      '<pre><pre class="playground"><code class="language-rust">let s = String::from("hi");\n' +
      '<span class="comment">// s is valid from here on</span></code></pre></pre>';
    const prism =
      '<div class="highlight"><pre class="language-js"><code><span class="token keyword">const</span> ' +
      'n <span class="token operator">=</span> <span class="token number">4</span><span class="token punctuation">;</span>' +
      ' <span class="token comment">// pool size in MiB</span></code></pre></div>';
    expect(text(`<p>Listing 4-1:</p>${listing}<p>After it.</p>`)).toBe(
      'Listing 4-1:\n\n```\nlet s = String::from("hi");\n// s is valid from here on\n```\n\nAfter it.',
    );
    expect(text(prism)).toBe('```\nconst n = 4; // pool size in MiB\n```');
    // Docusaurus ends each highlighted line with a <br>.
    const lines =
      '<pre class="prism-code"><code><span class="token-line"><span class="token plain">npm init</span><br></span>' +
      '<span class="token-line"><span class="token comment"># then</span><br></span><span class="token-line">npm start<br></span></code></pre>';
    expect(text(lines)).toBe('```\nnpm init\n# then\nnpm start\n```');
    // Outside code, a comment section is still chrome.
    expect(
      text(`<p>${'Post text. '.repeat(12)}</p><div class="comments">Nice post!</div>`),
    ).not.toContain('Nice post');
  });
});
