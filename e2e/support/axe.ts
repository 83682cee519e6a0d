import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Issue 44 §8: what fails a browser test — every finding from moderate up (minor ones are fixed too, and listed). */
export const FAILING_IMPACTS = ['moderate', 'serious', 'critical'] as const;

/**
 * Runs axe (WCAG 2.0–2.2 A and AA and best practices) on the page, or on `include` only, and fails
 * on any moderate, serious or critical finding, naming the rule and the elements.
 */
export async function expectNoAxeFindings(page: Page, label: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const failing = violations.filter((v) => (FAILING_IMPACTS as readonly string[]).includes(v.impact ?? ''));
  expect(
    failing.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe findings on ${label}`,
  ).toEqual([]);
}
