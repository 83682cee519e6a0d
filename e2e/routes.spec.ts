import { expect, test } from '@playwright/test';

// admin-app §6: the admin, form builder and datasync screens refuse visitors before anything loads
// (signed-in non-admins and admins: e2e/admin-console.spec.ts).
test('a visitor is refused at the admin screens with "Access denied. Admins only." and lands on the root', async ({
  page,
}) => {
  for (const route of ['/formbuilder', '/formbuilder/8f0c2b1e-0000-4000-8000-000000000001', '/admin']) {
    await page.goto(`/#${route}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Access denied. Admins only.' }).first(),
      route,
    ).toBeVisible();
    await expect(page, route).toHaveURL(/#\/$/);
    await expect(page.getByRole('main').getByRole('heading', { name: 'New here?' })).toBeVisible();
  }
});

test('an unknown route says Page not found', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the dashboard asks a visitor to log in', async ({ page }) => {
  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Please log in to see your records.')).toBeVisible();
});

test('Products and Checkout ask a visitor to log in; Account sends them Home', async ({ page }) => {
  for (const [route, heading, text] of [
    ['/products', 'Products', 'Please log in to see the products.'],
    ['/checkout/price_123', 'Checkout', 'Please log in to buy records.'],
    ['/checkout?stripeId=price_123', 'Checkout', 'Please log in to buy records.'],
  ] as const) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }), route).toBeVisible();
    await expect(page.getByText(text), route).toBeVisible();
    await expect(page, route).toHaveTitle(`${heading} · Life Record`);
  }
  await page.goto('/#/account');
  await expect(page.getByRole('main').getByRole('heading', { name: 'New here?' })).toBeVisible();
  await expect(page).toHaveURL(/\/#\/$/);
});
