import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';
import { renderApp } from '#web/test-support/render-app.tsx';

// customer-app §2 Checkout, §4 (no url: loading), §5 "Missing Stripe ID", §8 fallback; and the
// payments sandbox page (docs/decisions/070).

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

const main = () => screen.getByRole('main');
const customer = { roles: ['customer'] };

describe('Checkout', () => {
  it.each(['/checkout', '/checkout?stripeId='])('%s says "Missing Stripe ID"', async (route) => {
    renderApp(route, { signedIn: customer });
    expect((await within(main()).findByRole('alert')).textContent).toBe('Error: Missing Stripe ID');
  });

  it.each([
    ['/checkout/price_123', 'price_123'],
    ['/checkout?stripeId=price_456', 'price_456'],
  ])('%s creates the session once, then offers Proceed to Payment', async (route, stripeId) => {
    const bodies: unknown[] = [];
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp(route, {
      signedIn: customer,
      api: async ({ path, body }) => {
        bodies.push([path, body]);
        await answered;
        return jsonResponse({ url: '/#/sandbox-checkout/p1?client_reference_id=org-1' });
      },
    });
    expect(await within(main()).findByText('Creating your checkout session...')).toBeDefined();
    release();
    expect(await within(main()).findByRole('button', { name: 'Proceed to Payment' })).toBeDefined();
    expect(bodies).toEqual([['/api/create-checkout-session', { stripeId }]]);
  });

  it.each([
    [
      'the server’s message',
      () => jsonResponse({ error: 'Product not found.' }, 404),
      'Error: Product not found.',
    ],
    ['the fallback', () => jsonResponse({}, 502), 'Error: Failed to create checkout session'],
  ])('shows %s in red when the session cannot be created', async (_case, answer, text) => {
    renderApp('/checkout/price_1', { signedIn: customer, api: answer });
    expect((await within(main()).findByRole('alert')).textContent).toBe(text);
  });
});

describe('Sandbox checkout page', () => {
  const preview = {
    product: {
      id: 'p1',
      name: 'Family pack',
      description: 'Five Life Inventory records.',
      cost: '199.00',
      credits: 5,
      inventoryTypeName: 'Life Inventory',
    },
    organization: { id: 'org-1', name: 'Riverside Care' },
  };

  it('is labelled as the sandbox, shows what is bought for whom, and pays once per page', async () => {
    const payments: { method: string; search: string; body: unknown }[] = [];
    renderApp('/sandbox-checkout/p1?client_reference_id=org-1', {
      signedIn: customer,
      api: ({ method, search, body }) => {
        payments.push({ method, search, body });
        return method === 'GET'
          ? jsonResponse(preview)
          : jsonResponse({ ...preview, outcome: 'granted', credits: 5 });
      },
    });
    expect(await within(main()).findByText('Sandbox — no real payment.')).toBeDefined();
    expect(await within(main()).findByText('Family pack')).toBeDefined();
    expect(main().textContent).toContain('Riverside Care');
    const user = userEvent.setup();
    await user.click(within(main()).getByRole('button', { name: 'Pay $199.00' }));
    expect(await within(main()).findByRole('heading', { name: 'Payment complete' })).toBeDefined();
    expect(main().textContent).toContain('5 records of Life Inventory were added to Riverside Care.');
    expect(within(main()).getByRole('link', { name: 'Go to Account' }).getAttribute('href')).toBe(
      '#/account',
    );
    expect(payments[0]).toEqual({ method: 'GET', search: '?client_reference_id=org-1', body: undefined });
    const posts = payments.filter((payment) => payment.method === 'POST');
    expect(posts).toHaveLength(1);
    const paid = posts[0]?.body as { clientReferenceId: string; paymentId: string };
    expect(paid.clientReferenceId).toBe('org-1');
    expect(paid.paymentId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows why it cannot sell', async () => {
    renderApp('/sandbox-checkout/p1?client_reference_id=org-2', {
      signedIn: customer,
      api: () => jsonResponse({ error: 'Organization not found.' }, 404),
    });
    await waitFor(() =>
      expect(within(main()).getByRole('alert').textContent).toBe('Error: Organization not found.'),
    );
  });
});
