import { expect, test } from '@playwright/test';

// Screens of customer-app §2 and admin-app §2 that are not built yet: each says so and links home.
const unbuilt: [route: string, title: string][] = [
  ['/formbuilder', 'Form builder'],
  ['/formbuilder/8f0c2b1e-0000-4000-8000-000000000001', 'Form builder'],
  ['/admin', 'Admin'],
  ['/datasync/8f0c2b1e-0000-4000-8000-000000000001', 'Data sync'],
];

test('every screen not built yet shows Coming soon with a way home', async ({ page }) => {
  for (const [route, title] of unbuilt) {
    await page.goto(`/#${route}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Coming soon' }), route).toBeVisible();
    await expect(main.getByText(title, { exact: true }), route).toBeVisible();
    await expect(page, route).toHaveTitle(`${title} · Life Record`);
  }
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'New here?' })).toBeVisible();
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
