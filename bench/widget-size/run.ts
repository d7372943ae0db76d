import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { HEADLESS_CHROMIUM_FLAGS } from '../../apps/server/src/lib/headless-chromium.ts';
import { startHarness } from './harness.ts';

/**
 * Size of the built widget (gzip -9, as served) against the 10 KB budget (issue 14), and the time from
 * the moment the browser has the script to a visible chat icon, on a hostile customer page
 * served from a second origin (real app, real config request, cold cache each run).
 *
 *   node --import tsx bench/widget-size/run.ts [runs=15] [--no-build]
 */
const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 15);
const BUDGET_GZIP = 10 * 1024;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const print = (line: string) => process.stdout.write(`${line}\n`);

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build', '-w', '@docent/widget'], { cwd: ROOT, stdio: 'ignore' });
}
const file = readFileSync(path.join(ROOT, 'apps/widget/dist/widget.js'));
const gz = gzipSync(file, { level: 9 }).length;
print(
  `widget.js: ${(file.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(2)} KB gzip, ${(brotliCompressSync(file).length / 1024).toFixed(2)} KB brotli (budget ${BUDGET_GZIP / 1024} KB gzip) ${gz <= BUDGET_GZIP ? 'OK' : 'OVER BUDGET'}`,
);

const ICON_PROBE = `
window.__iconAt = 0;
(function tick() {
  var host = document.querySelector('body > div[data-mode]');
  var btn = host && host.shadowRoot && host.shadowRoot.querySelector('button.l');
  if (btn && !btn.hidden && btn.getBoundingClientRect().width > 0) { window.__iconAt = performance.now(); return; }
  requestAnimationFrame(tick);
})();`;

const harness = await startHarness();
const profile = mkdtempSync(path.join(os.tmpdir(), 'docent-chromium-'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...HEADLESS_CHROMIUM_FLAGS],
});
const fromScript: number[] = [];
const fromNavigation: number[] = [];
const configRequest: number[] = [];
try {
  for (let i = 0; i < RUNS + 2; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(ICON_PROBE);
    await page.goto(harness.hostUrl);
    await page.waitForFunction('window.__iconAt > 0', undefined, { timeout: 10_000 });
    const t = (await page.evaluate(`(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/widget.js'));
      const config = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/config'));
      return { icon: window.__iconAt, script: entry ? entry.responseEnd : NaN, config: config ? config.duration : NaN };
    })()`)) as { icon: number; script: number; config: number };
    await context.close();
    if (i < 2) continue; // warm-up: JIT and the server's first queries
    fromScript.push(t.icon - t.script);
    fromNavigation.push(t.icon);
    configRequest.push(t.config);
  }
} finally {
  await browser.close();
  await harness.close();
  rmSync(profile, { recursive: true, force: true });
}

const stat = (name: string, v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const p = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
  print(
    `${name}: p50 ${p(0.5).toFixed(0)} ms, p95 ${p(0.95).toFixed(0)} ms, max ${(s.at(-1) ?? 0).toFixed(0)} ms (${s.length} cold loads)`,
  );
};
stat('script loaded → chat icon visible (includes the config request)', fromScript);
stat('  of which the config request', configRequest);
stat('navigation start → chat icon visible', fromNavigation);
print(
  `load average during the run: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (${os.cpus().length} cores)`,
);
if (gz > BUDGET_GZIP) process.exitCode = 1;
