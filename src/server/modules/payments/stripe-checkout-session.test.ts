import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestInventoryType } from '../../test-support/api-fixtures.ts';
import { type FakeStripeApi, startFakeStripeApi } from '../../test-support/fake-stripe-api.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestProduct } from '../../test-support/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// customer-app §7 Checkout against a local server standing in for api.stripe.com (STRIPE_API_URL):
// the real stripe package, no network.

let test: TestApp;
let stripeApi: FakeStripeApi;
let organizationId: string;
let customer: TestUser;
let productId: string;
const PRICE = 'price_family_pack';

beforeAll(async () => {
  stripeApi = await startFakeStripeApi();
  test = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_API_URL: stripeApi.url,
      PUBLIC_URL: 'https://records.example.org',
    },
  });
  const typeId = await createTestInventoryType(test.database.db);
  organizationId = await createTestOrganization(test.database.db);
  customer = await createTestUser(test.database.db, test.config, { roles: ['customer'], organizationId });
  productId = await createTestProduct(test.database.db, { inventoryTypeId: typeId, stripeId: PRICE });
  await createTestProduct(test.database.db, {
    inventoryTypeId: typeId,
    name: 'Linked',
    stripeId: 'price_linked',
    stripePaylink: 'https://buy.stripe.com/test_linked',
  });
});
afterAll(async () => {
  await test.close();
  await stripeApi.close();
});
beforeEach(() => {
  stripeApi.requests.length = 0;
  stripeApi.fail = false;
});

const createSession = (body: unknown, headers: Record<string, string> = customer.headers) =>
  test.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers, payload: body as object });

describe('POST /api/create-checkout-session with Stripe', () => {
  it('creates a Checkout session for the price, the organization as client reference and the product in metadata', async () => {
    const response = await createSession({ stripeId: PRICE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_fake_1' });
    expect(stripeApi.requests).toHaveLength(1);
    const [request] = stripeApi.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: 'Bearer sk_test_fake',
    });
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      client_reference_id: organizationId,
      'metadata[product_id]': productId,
      'metadata[organization_id]': organizationId,
      success_url: 'https://records.example.org/#/account',
      cancel_url: 'https://records.example.org/#/products',
    });
  });

  it('answers the spec’s fallback when Stripe refuses, and never passes Stripe’s message on', async () => {
    stripeApi.fail = true;
    const response = await createSession({ stripeId: PRICE });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'Failed to create checkout session' });
    expect(response.body).not.toContain('sk_test');
  });

  it.each([
    ['no stripeId', {}, 400, 'Missing Stripe ID'],
    ['an empty stripeId', { stripeId: '  ' }, 400, 'Missing Stripe ID'],
    ['a price no product is sold at', { stripeId: 'price_unknown' }, 404, 'Product not found.'],
    // With Stripe a product id is no price.
    ['a product id instead of a price', () => ({ stripeId: productId }), 404, 'Product not found.'],
  ])('refuses %s without asking Stripe', async (_case, body, status, error) => {
    const response = await createSession(typeof body === 'function' ? body() : body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error });
    expect(stripeApi.requests).toEqual([]);
  });

  it('refuses a customer without an organization, a client and a caller without a token', async () => {
    const homeless = await createTestUser(test.database.db, test.config, { roles: ['customer'] });
    expect((await createSession({ stripeId: PRICE }, homeless.headers)).json()).toEqual({
      error: 'User organization not found.',
    });
    const client = await createTestUser(test.database.db, test.config, { roles: ['client'], organizationId });
    expect((await createSession({ stripeId: PRICE }, client.headers)).statusCode).toBe(403);
    const anonymous = await createSession({ stripeId: PRICE }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Failed to retrieve JWT token. User is not authenticated.' });
    expect(stripeApi.requests).toEqual([]);
  });
});

describe('Product.paymentLink with Stripe', () => {
  it('is the payment link when there is one, else our checkout screen for the price', async () => {
    const response = await graphql(
      test.app,
      '{ products { name stripeId paymentLink } }',
      {},
      customer.headers,
    );
    const links = Object.fromEntries(
      (response.data as { products: { stripeId: string; paymentLink: string }[] }).products.map((p) => [
        p.stripeId,
        p.paymentLink,
      ]),
    );
    expect(links).toEqual({
      price_linked: 'https://buy.stripe.com/test_linked',
      [PRICE]: `/#/checkout/${PRICE}`,
    });
  });
});
