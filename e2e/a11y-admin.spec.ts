import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { PASSWORD, personWithRecord } from './support/record-session.ts';

// Issue 44 §2, §8: every console list fits its panel at 1280 px without sideways scrolling and
// reads as cards at 390 px; axe (moderate and up) on each tab. Screenshots test-results/a11y-admin-*.png.

const TABS = [
  'Records',
  'Organizations',
  'Users',
  'Inventory Types',
  'Products',
  'Purchases',
  'Messages',
  'Audit',
];

async function tableOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLElement>('.table-scroll')].map(
        (s) => s.scrollWidth - s.clientWidth,
      ),
    ),
  );
}

test('console lists fit at 1280 px and read as cards at 390 px, axe-clean', async ({ page }) => {
  test.setTimeout(120_000);
  personWithRecord('a11y-admin-client');
  const email = uniqueEmail('a11y-admin');
  createUser({ email, name: 'Ada Admin', password: PASSWORD, role: 'admin' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, { email, password: PASSWORD });
  await page.goto('/#/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const name of TABS) {
      await tabs.getByRole('tab', { name }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('grid').or(panel.locator('.admin-empty')).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await tableOverflow(page), `${name} at ${width} px scrolls sideways`).toBe(0);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        `${name} page at ${width} px`,
      ).toBe(0);
      if (width === 1280) await expectNoAxeFindings(page, `the ${name} tab`);
      if (name === 'Records' || name === 'Users' || width === 390)
        await page.screenshot({
          path: `test-results/a11y-admin-${name.replace(/ /g, '-').toLowerCase()}-${width}.png`,
        });
    }
  }
  await expectNoAxeFindings(page, 'the Audit tab at 390 px');
});
