import { describe, expect, it } from 'vitest';
import { extractHtml } from './html.ts';

/**
 * Tabs as documentation generators write them (their documented output, trimmed): labels first,
 * then panels, all but one hidden. Each panel must be read with its own label.
 */
const blocks = (body: string) =>
  extractHtml(
    `<html><body><main>${body}</main></body></html>`,
    'https://docs.test/install',
  ).text.split('\n\n');

/** Enough text that the page is read with its class marks (html.ts TOO_LITTLE_TEXT). */
const INTRO =
  'Select an area of the office to see the tasks our cleaners carry out on every visit.';

describe('tabs', () => {
  it("reads a tablist's labels though its class reads as navigation (HubSpot's tabs module)", () => {
    expect(
      blocks(`<p>${INTRO}</p><div class="tabs"><div class="tabs__nav" role="tablist" aria-label="Areas">
        <button class="tabs__tab" role="tab" id="t0" aria-selected="true" aria-controls="p0">Kitchens</button>
        <button class="tabs__tab" role="tab" id="t1" aria-selected="false" aria-controls="p1">Washrooms</button></div>
        <div class="tabs__panel" role="tabpanel" id="p0" aria-labelledby="t0"><p>Worktops wiped.</p></div>
        <div class="tabs__panel" role="tabpanel" id="p1" aria-labelledby="t1" hidden><p>Taps descaled weekly.</p></div></div>`),
    ).toEqual([INTRO, 'Kitchens: Worktops wiped.', 'Washrooms: Taps descaled weekly.']);
  });

  it('titles each panel with its tab (Docusaurus: a tablist of items, panels in order)', () => {
    expect(
      blocks(`<h2 id="install">Install</h2>
        <div class="tabs-container tabList__CuJ"><ul role="tablist" aria-orientation="horizontal" class="tabs">
        <li role="tab" tabindex="0" aria-selected="true" class="tabs__item tabItem_LNqP tabs__item--active">npm</li>
        <li role="tab" tabindex="-1" aria-selected="false" class="tabs__item tabItem_LNqP">Yarn</li></ul>
        <div class="margin-top--md"><div role="tabpanel" class="tabItem_Ymn6"><div class="language-bash codeBlockContainer_Ckt0">
        <pre><code>npm install acme</code></pre></div></div>
        <div role="tabpanel" class="tabItem_Ymn6" hidden><p>With Yarn 1, run the command below; Yarn 2 needs a plugin.</p></div></div></div>
        <p>Then restart the server.</p>`),
    ).toEqual([
      '## Install {#install}',
      'npm:',
      '```\nnpm install acme\n```',
      'Yarn: With Yarn 1, run the command below; Yarn 2 needs a plugin.',
      'Then restart the server.',
    ]);
  });

  it('ends a panel whose cards have headings of their own in the section the tabs stand in', () => {
    // Mintlify's plan cards, each titled with an <h2>, in the first of two tabs.
    const card = (name: string, price: string) =>
      `<div class="card"><h2 data-component-part="card-title">${name}</h2><span data-as="p">${price}</span></div>`;
    expect(
      blocks(`<h2 id="pricing">Pricing</h2><ul role="tablist"><li><button role="tab" aria-selected="true">Monthly</button></li>
        <li><button role="tab" aria-selected="false">Annual</button></li></ul>
        <div role="tabpanel">${card('Growth', '$49 per month.')}${card('Scale', '$199 per month.')}</div>
        <div role="tabpanel" hidden><p>Scale is $1,990 a year.</p></div><p>Enterprise pricing is custom.</p>`),
    ).toEqual([
      '## Pricing {#pricing}',
      'Monthly:',
      '## Growth',
      '$49 per month.',
      '## Scale',
      '$199 per month.',
      '## Pricing',
      'Annual: Scale is $1,990 a year.',
      'Enterprise pricing is custom.',
    ]);
  });

  it("titles Webflow's panes by the link sharing their data-w-tab (roles come from its script)", () => {
    expect(
      blocks(`<div data-current="Tab 1" data-easing="ease" class="w-tabs">
        <div class="w-tab-menu"><a data-w-tab="Tab 1" class="w-inline-block w-tab-link w--current"><div>Monthly</div></a>
        <a data-w-tab="Tab 2" class="w-inline-block w-tab-link"><div>Day passes</div></a></div>
        <div class="w-tab-content"><div data-w-tab="Tab 1" class="w-tab-pane w--tab-active"><p>Flex Desk: €219 per month.</p></div>
        <div data-w-tab="Tab 2" class="w-tab-pane"><p>A Day Pass is €27.</p></div></div></div>`),
    ).toEqual(['Monthly: Flex Desk: €219 per month.', 'Day passes: A Day Pass is €27.']);
  });

  it("keeps a panel's own heading for its title, without the tab label saying the same (WooCommerce)", () => {
    expect(
      blocks(`<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist">
        <li class="description_tab active" id="tab-title-description" role="tab" aria-controls="tab-description"><a href="#tab-description">Description</a></li>
        <li class="additional_information_tab" id="tab-title-additional_information" role="tab" aria-controls="tab-additional_information"><a href="#tab-additional_information">Additional information</a></li></ul>
        <div class="woocommerce-Tabs-panel panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description"><h2>Description</h2><p>A washed coffee from Huila.</p></div>
        <div class="woocommerce-Tabs-panel panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information" style="display: none;"><h2>Additional information</h2>
        <table class="woocommerce-product-attributes shop_attributes"><tr><th>Altitude</th><td><p>1,800 m</p></td></tr></table></div></div>`),
    ).toEqual([
      '## Description {#tab-description}',
      'A washed coffee from Huila.',
      '## Additional information {#tab-additional_information}',
      'Altitude: 1,800 m',
    ]);
  });

  it('titles panels of radio-button tabs (Material for MkDocs, sphinx-design)', () => {
    expect(
      blocks(`<div class="tabbed-set tabbed-alternate" data-tabs="1:2">
        <input checked="checked" id="__tabbed_1_1" name="__tabbed_1" type="radio"><input id="__tabbed_1_2" name="__tabbed_1" type="radio">
        <div class="tabbed-labels"><label for="__tabbed_1_1">pip</label><label for="__tabbed_1_2">docker</label></div>
        <div class="tabbed-content"><div class="tabbed-block"><p>Install it with pip into a virtual environment.</p></div>
        <div class="tabbed-block"><p>Pull the official image.</p></div></div></div>
        <div class="sd-tab-set docutils"><input checked="checked" id="sd-tab-item-0" name="sd-tab-set-0" type="radio">
        <label class="sd-tab-label" for="sd-tab-item-0">Linux</label>
        <div class="sd-tab-content docutils"><p>Edit ~/.config/acme.toml.</p></div>
        <input id="sd-tab-item-1" name="sd-tab-set-0" type="radio"><label class="sd-tab-label" for="sd-tab-item-1">Windows</label>
        <div class="sd-tab-content docutils"><p>Edit %APPDATA%\\acme.toml.</p></div></div>`),
    ).toEqual([
      'pip: Install it with pip into a virtual environment.',
      'docker: Pull the official image.',
      'Linux: Edit ~/.config/acme.toml.',
      'Windows: Edit %APPDATA%\\acme.toml.',
    ]);
  });

  it('pairs tabs and panels by the ids they name (sphinx-tabs, Bootstrap), not by order', () => {
    expect(
      blocks(`<ul class="nav nav-tabs" role="tablist">
        <li class="nav-item" role="presentation"><button class="nav-link active" id="t-mac" role="tab" aria-controls="p-mac">macOS</button></li>
        <li class="nav-item" role="presentation"><button class="nav-link" id="t-win" role="tab" aria-controls="p-win">Windows</button></li></ul>
        <div class="tab-content"><div class="tab-pane fade" id="p-win" role="tabpanel" aria-labelledby="t-win"><p>Run the installer.</p></div>
        <div class="tab-pane fade show active" id="p-mac" role="tabpanel" aria-labelledby="t-mac"><p>Drag the app to Applications.</p></div></div>`),
    ).toEqual(['Windows: Run the installer.', 'macOS: Drag the app to Applications.']);
  });

  it("titles a code group's blocks (VitePress) and leaves code blocks after the group alone", () => {
    expect(
      blocks(`<div class="vp-code-group"><div class="tabs">
        <input type="radio" name="group-1" id="tab-1" checked><label for="tab-1">npm</label>
        <input type="radio" name="group-1" id="tab-2"><label for="tab-2">pnpm</label></div>
        <div class="blocks"><div class="language-sh active"><pre><code>npm add -D vitepress</code></pre></div>
        <div class="language-sh"><pre><code>pnpm add -D vitepress</code></pre></div></div></div>
        <div class="language-sh"><pre><code>npx vitepress init</code></pre></div>`),
    ).toEqual([
      'npm:',
      '```\nnpm add -D vitepress\n```',
      'pnpm:',
      '```\npnpm add -D vitepress\n```',
      '```\nnpx vitepress init\n```',
    ]);
  });

  it('titles the panels of a tab set inside a panel with their own labels', () => {
    expect(
      blocks(`<div class="tabs-container"><ul role="tablist"><li role="tab">Linux</li><li role="tab">macOS</li></ul>
        <div><div role="tabpanel"><p>Use your package manager.</p>
          <div class="tabs-container"><ul role="tablist"><li role="tab">apt</li><li role="tab">dnf</li></ul>
          <div><div role="tabpanel"><pre><code>apt install acme</code></pre></div>
          <div role="tabpanel" hidden><pre><code>dnf install acme</code></pre></div></div></div></div>
        <div role="tabpanel" hidden><p>Use Homebrew.</p></div></div></div>`),
    ).toEqual([
      'Linux: Use your package manager.',
      'apt:',
      '```\napt install acme\n```',
      'dnf:',
      '```\ndnf install acme\n```',
      'macOS: Use Homebrew.',
    ]);
  });

  it('drops labels no panel claims when their tab set ends, and keeps untitled panels as they are', () => {
    expect(
      blocks(`<div class="switcher"><div role="tablist"><span role="tab">Light</span><span role="tab">Dark</span></div></div>
        <div role="tabpanel"><p>Short text</p><p>Second paragraph of the panel.</p></div>`),
    ).toEqual(['Short text', 'Second paragraph of the panel.']);
  });

  it("keeps a CSS-only accordion's questions (radio buttons' labels outside any tab set)", () => {
    expect(
      blocks(`<div class="faq"><input type="radio" name="faq" id="q1"><label for="q1">Do you ship abroad?</label>
        <div class="answer"><p>Yes, within the EU.</p></div></div>`),
    ).toEqual(['Do you ship abroad?', 'Yes, within the EU.']);
  });
});
