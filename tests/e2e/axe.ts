import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Accessibility checks with axe, run inside the page (decision 0059).
 *
 * `new AxeBuilder({ page }).analyze()` evaluates axe's ~600 kB source in the page twice, then opens
 * a new tab, evaluates it there a third time to merge the frames' results (`axe.finishRun`) and
 * closes it: about 0.5-1.5 s a call on CI's 2 cores, most of it not axe's rules. On a page without
 * iframes (every page of the app: there is no frame to merge), the same `axe.run` is called in the
 * page itself, axe loaded once per document (a client-side navigation keeps it), and only the
 * violations are gathered (`resultTypes`: the passes are not what a test reads). A page with an
 * iframe goes through AxeBuilder as before, which runs axe in each frame.
 */

/** axe's results, as AxeBuilder answers them (axe-core is its dependency, not the project's). */
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** The axe-core that @axe-core/playwright itself injects: same version, same rules. */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeScope {
  /** CSS selector of the part of the page to check (axe's `include`); the whole page by default. */
  include?: string;
  /** Only these rules (axe's `runOnly` by rule id); every rule axe enables by default otherwise. */
  rules?: string[];
}

/** The violations axe finds, with their impact and the selectors of the nodes at fault. */
interface AxeViolation {
  id: string;
  help: string;
  impact?: string | null;
  targets: string[];
}

async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  const hasFrames = await page.evaluate(() => document.querySelector('iframe, frame') !== null);
  if (hasFrames) {
    let builder = new AxeBuilder({ page });
    if (scope.include) builder = builder.include(scope.include);
    if (scope.rules) builder = builder.withRules(scope.rules);
    return simplify((await builder.analyze()).violations);
  }
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, rules, quietMs, boundMs }) => {
      // The page at rest first: AxeBuilder's own ~0.5-1 s of loading gave a page that time, and a
      // state in passing (a badge dimmed while its list refetches, a toast sliding in) is not what
      // the page shows. Waits for the running transitions that end and for no DOM change over
      // quietMs, at most boundMs: ~quietMs on a page at rest.
      const bound = performance.now() + boundMs;
      const ending = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
      await Promise.race([
        Promise.allSettled(ending.map((a) => a.finished)),
        new Promise((r) => setTimeout(r, boundMs)),
      ]);
      await new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, Math.min(quietMs, Math.max(0, bound - performance.now())));
        });
        function done() {
          observer.disconnect();
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      const inPage = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
      const result = await inPage.run(include ? { include: [[include]] } : document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      });
      return result.violations;
    },
    { include: scope.include, rules: scope.rules, quietMs: 150, boundMs: 3_000 },
  );
  return simplify(violations);
}

function simplify(violations: AxeResults['violations']): AxeViolation[] {
  return violations.map((v) => ({
    id: v.id,
    help: v.help,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** Serious and critical accessibility problems axe finds on the page (or its `include` part), one line each. */
export async function axeProblems(page: Page, scope: AxeScope = {}): Promise<string[]> {
  return (await axeViolations(page, scope))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} @ ${v.targets.join(', ')}`);
}
