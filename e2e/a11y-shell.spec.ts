import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createUser } from './support/cli.ts';
import { accountMenuButton, accountMenuItem, login, uniqueEmail } from './support/fixtures.ts';
import { PASSWORD } from './support/record-session.ts';

// Issue 44 §1 and §8: the header's account menu and one-line navigation at 1280 and 390 px, and
// the accessibility statement; screenshots in test-results/a11y-*.png for a person to look at.

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
}

test('header: navigation on one line at 1280 px, folded at 390 px; the account menu by keyboard and pointer', async ({
  page,
}) => {
  const email = uniqueEmail('a11y-admin');
  const name = 'Cara Customer-Longfellow';
  createUser({ email, name, password: PASSWORD, role: 'admin' });
  await page.setViewportSize(WIDE);
  await login(page, { email, password: PASSWORD });

  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText(['Home', 'Account', 'Products', 'Admin', 'Forms', 'FAQ', 'Contact Us']);
  const tops = await links.evaluateAll((all) =>
    all.map((link) => Math.round(link.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, 'the navigation is one line').toBe(1);
  const trigger = accountMenuButton(page);
  await expect(trigger).toHaveAccessibleName(`${name} Admin account menu`);
  // The name is shown whole, not cut.
  const nameShown = trigger.getByText(name, { exact: true });
  await expect(nameShown).toBeVisible();
  expect(await nameShown.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await noSidewaysScroll(page);

  // Keyboard: Enter opens on the first item, arrows move, Escape returns to the button.
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Sign out of all devices', 'Logout']);
  await expect(menu).toContainText(name);
  await expect(menu.getByRole('menuitem', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Sign out of all devices' })).toBeFocused();
  await expectNoAxeFindings(page, 'the account menu at 1280 px');
  await page.screenshot({ path: 'test-results/a11y-header-menu-1280.png' });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.screenshot({ path: 'test-results/a11y-header-1280.png' });

  // 390 px: the navigation behind Menu, the account button as initials.
  await page.setViewportSize(NARROW);
  await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
  await expect(trigger).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/a11y-header-390.png' });
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  await expectNoAxeFindings(page, 'the open navigation at 390 px');
  await page.screenshot({ path: 'test-results/a11y-header-nav-390.png' });
  await page.keyboard.press('Escape');
  await trigger.click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: 'test-results/a11y-header-menu-390.png' });
  await accountMenuItem(page, 'Account').click();
  await expect(page).toHaveURL(/#\/account$/);
});

test('the accessibility statement opens from the footer and passes axe at 1280 and 390 px', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/#\/accessibility$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'What we test on every change' })).toBeVisible();
  await expect(
    main.getByRole('heading', { name: 'What a screen reader hears on the record screen' }),
  ).toBeVisible();
  await expect(main).toContainText('no one has yet gone through it with NVDA, JAWS, VoiceOver or TalkBack');
  await expect(main.getByRole('heading', { name: 'Known limits' })).toBeVisible();
  await expect(page).toHaveTitle('Accessibility · Life Record');
  await expectNoAxeFindings(page, 'the accessibility statement at 1280 px');
  await page.setViewportSize(NARROW);
  await expectNoAxeFindings(page, 'the accessibility statement at 390 px');
  await page.screenshot({ path: 'test-results/a11y-statement-390.png', fullPage: true });
});
