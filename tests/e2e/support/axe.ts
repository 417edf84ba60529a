import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource: string = (require('axe-core') as { source: string }).source;

export type AxeViolation = {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
};

/** Runs axe-core in the page (or only within a CSS selector) and returns its serious and critical violations. */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, within ?? null);
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One readable block per violation: rule, impact, help, and the offending elements. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  if (!violations.length) return `${where}: no serious or critical violations`;
  const lines = [`${where}: ${violations.length} serious/critical axe violation(s)`];
  for (const v of violations) {
    lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes.slice(0, 8)) {
      lines.push(`      at ${JSON.stringify(node.target)}  ${node.html.slice(0, 160)}`);
      if (node.failureSummary) lines.push(`         ${node.failureSummary.replace(/\n/g, '\n         ')}`);
    }
    if (v.nodes.length > 8) lines.push(`      ... and ${v.nodes.length - 8} more`);
  }
  return lines.join('\n');
}
