import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Serious and critical accessibility problems axe finds on the page, one line each. */
export async function axeProblems(page: Page): Promise<string[]> {
  const report = await new AxeBuilder({ page }).analyze();
  return report.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
