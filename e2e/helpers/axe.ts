import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, injected into pages by evaluation (the app's CSP allows no inline script tag). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Each failing element: its selector and axe's summary (for contrast, the measured ratio). */
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core's default rule set (WCAG 2.0–2.2 A/AA and best practices) on what the page shows
 * now, open shadow roots included (the widget), and returns every violation. `include` limits
 * the audit to one element and its shadow tree (the widget on a customer's page).
 */
export async function axeFindings(page: Page, include?: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (context) => {
    type AxeNode = { target: unknown[]; failureSummary?: string };
    type AxeResult = { id: string; impact?: string; help: string; nodes: AxeNode[] };
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: object) => Promise<{ violations: AxeResult[] }> };
      }
    ).axe;
    const { violations } = await axe.run(context ?? document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: JSON.stringify(n.target),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
  }, include);
}

/** A readable list of findings, one line per failing element. */
export function describeFindings(where: string, findings: AxeFinding[]): string {
  const lines = findings.flatMap((f) =>
    f.nodes.map((n) => `  [${f.impact}] ${f.rule} ${n.target}: ${n.summary}`),
  );
  return `${where}: ${findings.length} axe rule(s) violated\n${lines.join('\n')}`;
}

/** Fails (throws) when axe finds any violation on the page as it is now. */
export async function expectNoAxeViolations(
  page: Page,
  where: string,
  include?: string,
): Promise<void> {
  const findings = await axeFindings(page, include);
  if (findings.length > 0) throw new Error(describeFindings(where, findings));
}
