import { expect, test } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';

test.describe('Home, logged out (customer-app §2)', () => {
  test('shows the exact texts and both actions', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Life Record' })).toBeVisible();
    await expect(main.getByText('Your story matters—this is the place to explore it.')).toBeVisible();
    await expect(
      main.getByText(
        "Document your life's journey in detail, step-by-step. Your progress is saved automatically.",
      ),
    ).toBeVisible();
    await expect(main.getByRole('heading', { name: 'New here?' })).toBeVisible();
    await expect(main.getByText(/register|create your account with the same e-mail address/i)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Create your Account' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Returning user?' })).toBeVisible();
    await expect(
      main.getByText('Welcome back! Use Login to access your record', { exact: true }),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveTitle('Life Record');
  });

  test('navigation and footer offer what a visitor may open', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'FAQ', 'Contact Us']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /account menu$/ })).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link')).toHaveText([
      'Terms',
      'Privacy',
      'EULA',
      'Cybersecurity',
      'AI-Generated Data Policy',
      'FAQ',
      'Get Support',
      'Accessibility',
    ]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Life Record`);
    await footer.getByRole('link', { name: 'Get Support' }).click();
    await expect(page).toHaveURL(/#\/contact$/);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
  });

  test('has no detectable accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New here?' })).toBeVisible();
    await expectNoAxeFindings(page, 'home', { minorToo: true });
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/#/faq');
    // A person presses Tab once the page is there (the FAQ's chunk arrives after the shell).
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/#\/faq$/);
  });

  test('on a phone the navigation sits behind a Menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const faq = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(faq).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await faq.click();
    await expect(page).toHaveURL(/#\/faq$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the intro curtain is skipped for people who prefer less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New here?' })).toBeVisible();
  await expect(page.locator('.intro-curtain')).toBeHidden();
});
