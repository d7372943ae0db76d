/**
 * CPU cost of extracting a small page that nests lists, definition lists or sections thousands
 * deep (a hostile or broken page): each level rebuilds the text inside it, so without a cap on open
 * structures the cost grows with the square of the depth.
 * Usage: node --import tsx bench/crawl/deep-nesting.ts
 */
import { extractHtml } from '../../apps/server/src/ingest/extract/html.ts';

const page = (open: string, close: string, depth: number, body: string) =>
  `<html><body><main>${open.repeat(depth)}${body}${close.repeat(depth)}</main></body></html>`;

for (const depth of [100, 1000, 3000]) {
  const cases = {
    lists: page('<ul><li>', '</li></ul>', depth, '<a href="#x">x</a> '.repeat(depth)),
    'definition lists': page('<dl><dd>', '</dd></dl>', depth, '<p>word </p>'.repeat(depth)),
    // Every item opens with a heading: each level becomes a layout list (html-frames.ts).
    'lists of headed items': page('<ul><li><h3>t</h3>', '</li></ul>', depth, '<p>word</p>'),
    // Every section heads itself shallower than the one around it (html-outline.ts).
    sections: page('<section><h6>a</h6><h2>b</h2>', '</section>', depth, '<p>word</p>'),
    // Every panel holds a tab set of its own (html-tabs.ts).
    'tab sets': page(
      '<div><div role="tablist"><b role="tab">t</b></div><div role="tabpanel">',
      '</div></div>',
      depth,
      '<p>word</p>',
    ),
    // Thousands of tabs no panel claims: each closing element looks at the waiting labels.
    'unclaimed tabs': page('<div>', '</div>', depth, '<b role="tab">t</b><p>w</p>'.repeat(depth)),
  };
  for (const [name, html] of Object.entries(cases)) {
    const start = process.cpuUsage();
    extractHtml(html, 'http://h/deep.html');
    const ms = process.cpuUsage(start).user / 1000;
    process.stdout.write(
      `${name} ${depth} deep (${(html.length / 1000).toFixed(0)} kB): ${ms.toFixed(0)} ms CPU\n`,
    );
  }
}
