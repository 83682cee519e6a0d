import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** Issue 44 §8: what fails a browser test — every finding from moderate up. */
export const FAILING_IMPACTS = ['moderate', 'serious', 'critical'] as const;

export interface AxeScope {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Minor findings fail too: for screens already free of them, so they stay so. */
  minorToo?: boolean;
}

/**
 * Runs axe (WCAG 2.0–2.2 A and AA and best practices, every rule) on the page, or on a part of
 * it, and fails on any moderate, serious or critical finding (minor too when asked), naming the
 * rule and the elements. Minor findings that do not fail are listed in the test's annotations.
 */
export async function expectNoAxeFindings(
  page: Page,
  label: string,
  scope?: string | AxeScope,
): Promise<void> {
  const { include, minorToo = false } = typeof scope === 'string' ? { include: scope } : (scope ?? {});
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const failingImpacts: readonly string[] = minorToo ? [...FAILING_IMPACTS, 'minor'] : FAILING_IMPACTS;
  const describe = (v: (typeof violations)[number]) =>
    `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;
  for (const minor of violations.filter((v) => !failingImpacts.includes(v.impact ?? '')))
    test.info().annotations.push({ type: 'axe minor', description: `${label}: ${describe(minor)}` });
  expect(
    violations.filter((v) => failingImpacts.includes(v.impact ?? '')).map(describe),
    `axe findings on ${label}`,
  ).toEqual([]);
}
