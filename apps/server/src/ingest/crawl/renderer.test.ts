import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { crawl } from './crawler.ts';
import { createChromiumRenderer } from './renderer.ts';
import { startTestSite, type TestSite } from './test-site.fixture.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  process.stderr.write('[renderer.test] /usr/bin/chromium missing: rendering tests skipped\n');

const sites: TestSite[] = [];
afterAll(async () => {
  for (const s of sites) await s.close();
});

describe.skipIf(!hasChromium)('Chromium renderer', () => {
  it('renders script-built pages, with every request of the page through the guard', async () => {
    const secret = await startTestSite({
      '/secret': { type: 'text/plain', body: 'TOP-SECRET-METADATA' },
    });
    sites.push(secret);
    const internal = secret.base.replace('127.0.0.1', '127.0.0.2');
    const site = await startTestSite({
      '/': `<!doctype html><html><head><title>App</title></head><body><div id="app"></div>
        <script src="/app.js"></script></body></html>`,
      '/app.js': {
        type: 'application/javascript',
        body: `fetch('/data.json').then(r => r.json()).then(d => {
            document.getElementById('app').innerHTML = '<h1>' + d.title + '</h1><p>' + d.body + '</p>';
            return fetch(${JSON.stringify(`${internal}/secret`)}).then(r => r.text()).then(t => {
              document.getElementById('app').insertAdjacentHTML('beforeend', '<p>' + t + '</p>');
            }).catch(() => {});
          });`,
      },
      '/data.json': {
        type: 'application/json',
        body: JSON.stringify({
          title: 'Rendered docs',
          body: 'This text exists only after JavaScript ran. '.repeat(8),
        }),
      },
    });
    sites.push(site);
    // The test servers are "external" only through this explicit exception; 127.0.0.2 is not.
    const fetchOpts = { allowPrivate: false, allowedAddresses: ['127.0.0.1'] };
    const renderer = createChromiumRenderer(CHROMIUM, fetchOpts);
    try {
      const out = await crawl({
        seeds: [`${site.base}/`],
        followLinks: true,
        maxPages: 5,
        fetch: fetchOpts,
        renderer: renderer.render,
      });
      expect(out.pages).toHaveLength(1);
      expect(out.pages[0]?.text).toContain('# Rendered docs');
      expect(out.pages[0]?.text).toContain('This text exists only after JavaScript ran.');
      expect(out.pages[0]?.text).not.toContain('TOP-SECRET');
      expect(secret.hits).toHaveLength(0);
      expect(site.hits).toContain('/data.json');
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
