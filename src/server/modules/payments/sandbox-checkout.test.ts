import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestProduct, creditCount, purchasesOf } from '../../test-support/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// DESIGN §1 payments sandbox (no Stripe configured): the local checkout page's calls, which grant
// through the same code as Stripe's webhook (docs/decisions/070-payments-provider.md).

let test: TestApp;
let typeId: string;
let organizationId: string;
let customer: TestUser;
let productId: string;

beforeAll(async () => {
  test = await createTestApp();
  typeId = await createTestInventoryType(test.database.db, 'Life Inventory');
  organizationId = await createTestOrganization(test.database.db, 'Sandbox Buyers');
  customer = await createTestUser(test.database.db, test.config, { roles: ['customer'], organizationId });
  // As seed-demo makes them: no Stripe price, no payment link.
  productId = await createTestProduct(test.database.db, {
    inventoryTypeId: typeId,
    credits: 3,
    cost: '99.00',
    name: 'Three',
  });
});
afterAll(() => test.close());

const preview = (
  product: string,
  reference: string | undefined,
  headers: Record<string, string> = customer.headers,
) =>
  test.app.inject({
    method: 'GET',
    url: `/api/sandbox-checkout/${product}${reference === undefined ? '' : `?client_reference_id=${reference}`}`,
    headers,
  });
const pay = (
  product: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = customer.headers,
) => test.app.inject({ method: 'POST', url: `/api/sandbox-checkout/${product}`, headers, payload: body });

describe('Buy Now and Checkout lead to the sandbox page', () => {
  it('gives every product the sandbox page as its payment link', async () => {
    const response = await graphql(test.app, '{ products { id paymentLink } }', {}, customer.headers);
    expect((response.data as { products: unknown[] }).products).toEqual([
      { id: productId, paymentLink: `/#/sandbox-checkout/${productId}` },
    ]);
  });

  it('answers create-checkout-session with the sandbox page for the caller’s organization', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: customer.headers,
      payload: { stripeId: productId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: `/#/sandbox-checkout/${productId}?client_reference_id=${organizationId}`,
    });
  });
});

describe('the sandbox checkout', () => {
  it('shows the product and the organization it is bought for', async () => {
    const response = await preview(productId, organizationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      product: {
        id: productId,
        name: 'Three',
        description: 'Records to invite people with',
        cost: '99.00',
        credits: 3,
        inventoryTypeName: 'Life Inventory',
      },
      organization: { id: organizationId, name: 'Sandbox Buyers' },
    });
  });

  it('grants the credits once per payment: paying twice from one page adds nothing', async () => {
    const before = await creditCount(test.database, organizationId, typeId);
    const paymentId = randomUUID();
    const first = await pay(productId, { clientReferenceId: organizationId, paymentId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      outcome: 'granted',
      credits: 3,
      organization: { name: 'Sandbox Buyers' },
    });
    const again = await pay(productId, { clientReferenceId: organizationId, paymentId });
    expect(again.json()).toMatchObject({ outcome: 'already-granted', credits: 3 });
    expect(await creditCount(test.database, organizationId, typeId)).toBe(before + 3);
    expect(await purchasesOf(test.database, organizationId)).toContainEqual({
      provider: 'sandbox',
      provider_ref: `sandbox_${paymentId}`,
      credits: 3,
      amount: '99.00',
      product_id: productId,
    });

    const second = await pay(productId, { clientReferenceId: organizationId, paymentId: randomUUID() });
    expect(second.json().outcome).toBe('granted');
    expect(await creditCount(test.database, organizationId, typeId)).toBe(before + 6);
  });

  it('lets an admin buy for any organization', async () => {
    const admin = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
    const other = await createTestOrganization(test.database.db);
    const response = await pay(
      productId,
      { clientReferenceId: other, paymentId: randomUUID() },
      admin.headers,
    );
    expect(response.json().outcome).toBe('granted');
    expect(await creditCount(test.database, other)).toBe(3);
  });

  it('refuses to give another organization’s customer, a client or an anonymous caller anything', async () => {
    const elsewhere = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId: await createTestOrganization(test.database.db),
    });
    const client = await createTestUser(test.database.db, test.config, { roles: ['client'], organizationId });
    const before = await creditCount(test.database, organizationId);
    const body = () => ({ clientReferenceId: organizationId, paymentId: randomUUID() });
    const refusals = [
      await pay(productId, body(), elsewhere.headers),
      await pay(productId, body(), client.headers),
      await pay(productId, body(), {}),
      await preview(productId, organizationId, elsewhere.headers),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().error])).toEqual([
      [404, 'Organization not found.'],
      [403, 'Access denied. You do not have permission to view this page.'],
      [401, 'Failed to retrieve JWT token. User is not authenticated.'],
      [404, 'Organization not found.'],
    ]);
    expect(await creditCount(test.database, organizationId)).toBe(before);
  });

  it.each([
    [
      'no client reference',
      () => productId,
      () => ({ paymentId: randomUUID() }),
      400,
      'Organization ID is missing.',
    ],
    [
      'an unknown organization',
      () => productId,
      () => ({ clientReferenceId: randomUUID(), paymentId: randomUUID() }),
      404,
      'Organization not found.',
    ],
    [
      'an unknown product',
      () => randomUUID(),
      () => ({ clientReferenceId: organizationId, paymentId: randomUUID() }),
      404,
      'Product not found.',
    ],
    [
      'a product id that is no id',
      () => 'prod_1',
      () => ({ clientReferenceId: organizationId, paymentId: randomUUID() }),
      404,
      'Product not found.',
    ],
    [
      'no payment id',
      () => productId,
      () => ({ clientReferenceId: organizationId }),
      400,
      'paymentId must be a UUID made by the checkout page.',
    ],
  ])('refuses %s and grants nothing', async (_case, product, body, status, error) => {
    const before = await creditCount(test.database, organizationId);
    const response = await pay(product(), body());
    expect([response.statusCode, response.json()]).toEqual([status, { error }]);
    expect(await creditCount(test.database, organizationId)).toBe(before);
  });
});

describe('in production without Stripe', () => {
  it('has no sandbox: no payment link, no checkout, no free credits', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const db = production.database.db;
      const type = await createTestInventoryType(db);
      const org = await createTestOrganization(db);
      const buyer = await createTestUser(db, production.config, { roles: ['customer'], organizationId: org });
      const product = await createTestProduct(db, { inventoryTypeId: type, stripeId: 'price_x' });
      const links = await graphql(production.app, '{ products { paymentLink } }', {}, buyer.headers);
      expect(links.data).toEqual({ products: [{ paymentLink: null }] });
      const session = await production.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session',
        headers: buyer.headers,
        payload: { stripeId: 'price_x' },
      });
      expect(session.statusCode).toBe(503);
      expect(session.json().error).toMatch(/^Purchases are not available on this server yet/);
      const sandboxPay = await production.app.inject({
        method: 'POST',
        url: `/api/sandbox-checkout/${product}`,
        headers: buyer.headers,
        payload: { clientReferenceId: org, paymentId: randomUUID() },
      });
      expect(sandboxPay.statusCode).toBe(404);
      expect(sandboxPay.json()).toEqual({ error: 'The payments sandbox is not available on this server.' });
      expect(await creditCount(production.database, org)).toBe(0);
    } finally {
      await production.close();
    }
  });
});
