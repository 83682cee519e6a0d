import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';
import { renderApp } from '#web/test-support/render-app.tsx';

// customer-app §2 Products, §6 (requires authentication), §8 "User organization not found.".

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const products = [
  {
    id: 'p1',
    name: 'Life Inventory — single record',
    description: 'One Life Inventory record to invite one person.',
    cost: '49.00',
    credits: 1,
    paymentLink: '/#/sandbox-checkout/p1',
    inventoryType: { name: 'Life Inventory' },
  },
  {
    id: 'p2',
    name: 'Family pack',
    description: 'Five records.',
    cost: '1199.5',
    credits: 5,
    paymentLink: 'https://buy.stripe.com/test_abc',
    inventoryType: { name: 'Life Inventory' },
  },
  {
    id: 'p3',
    name: 'Not for sale',
    description: 'No price yet.',
    cost: '10',
    credits: 1,
    paymentLink: null,
    inventoryType: { name: 'Family Stories' },
  },
];

const answer =
  (organization: { id: string } | null, list = products) =>
  () =>
    jsonResponse({ data: { viewer: { id: 'me', organization }, products: list } });

describe('Products', () => {
  it('shows each product with cost as money, its type, and Buy Now in a new tab with the organization', async () => {
    renderApp('/products', { signedIn: { roles: ['customer'] }, graphql: answer({ id: 'org-9' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeDefined();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Life Inventory — single record' })).toBeDefined();
    expect(first.getByText('One Life Inventory record to invite one person.')).toBeDefined();
    expect(cards[0]?.textContent).toContain('Cost: $49.00');
    expect(cards[0]?.textContent).toContain('Inventory Type: Life Inventory');
    const buy = first.getByRole('link', { name: /^Buy Now/ });
    expect(buy.getAttribute('href')).toBe('/#/sandbox-checkout/p1?client_reference_id=org-9');
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(buy.getAttribute('rel')).toContain('noopener');

    expect(cards[1]?.textContent).toContain('Cost: $1,199.50');
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link', { name: /^Buy Now/ })
        .getAttribute('href'),
    ).toBe('https://buy.stripe.com/test_abc?client_reference_id=org-9');
    expect(within(cards[2] as HTMLElement).queryByRole('link', { name: /^Buy Now/ })).toBeNull();
    expect(cards[2]?.textContent).toContain('Not available for purchase yet.');
  });

  it('says "User organization not found." to a person in no organization', async () => {
    renderApp('/products', { signedIn: { roles: ['customer'] }, graphql: answer(null) });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: User organization not found.');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows an admin in no organization the products, with Buy Now replaced by why not (issue 10)', async () => {
    renderApp('/products', { signedIn: { roles: ['admin'] }, graphql: answer(null) });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /^Buy Now/ })).toBeNull();
    expect(cards[0]?.textContent).toContain('Buy Now needs an organization to add the records to.');
    expect(screen.getByRole('status').textContent).toMatch(/You belong to no organization/);
  });

  it('shows a failure in red as "Error: {message}"', async () => {
    renderApp('/products', {
      signedIn: { roles: ['customer'] },
      graphql: () => jsonResponse({ errors: [{ message: 'Products are resting' }] }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Products are resting');
  });

  it('asks a visitor who is not signed in to log in', async () => {
    renderApp('/products');
    expect(
      await within(screen.getByRole('main')).findByText('Please log in to see the products.'),
    ).toBeDefined();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Login' })).toBeDefined();
  });
});
