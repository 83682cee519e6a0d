import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestInventoryType } from '../../test-support/api-fixtures.ts';
import { type FakeStripeApi, startFakeStripeApi } from '../../test-support/fake-stripe-api.ts';
import { createTestProduct, creditCount, purchasesOf } from '../../test-support/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization } from '../../test-support/test-users.ts';

// DESIGN §1/§4, issue 5: Stripe's webhook, with payloads signed by the stripe package's own test
// helper. Credits are granted once per payment whatever the retries, duplicates or order.

const WEBHOOK_SECRET = 'whsec_test_life_record';
let test: TestApp;
let stripeApi: FakeStripeApi;
let typeId: string;
let productId: string;
const PRICE = 'price_life_five';

beforeAll(async () => {
  // The fake API answers the payment-link fallback; every other case must make no request at all.
  stripeApi = await startFakeStripeApi();
  test = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
    },
  });
  typeId = await createTestInventoryType(test.database.db, 'Life Inventory');
  productId = await createTestProduct(test.database.db, {
    inventoryTypeId: typeId,
    credits: 5,
    stripeId: PRICE,
  });
});
afterAll(async () => {
  await test.close();
  await stripeApi.close();
});
beforeEach(() => {
  stripeApi.requests.length = 0;
});

type SessionFields = Partial<Stripe.Checkout.Session> & Record<string, unknown>;

function checkoutEvent(
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | string,
  session: SessionFields,
) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: {
      object: {
        object: 'checkout.session',
        mode: 'payment',
        currency: 'usd',
        amount_total: 19900,
        payment_status: 'paid',
        status: 'complete',
        ...session,
      },
    },
  };
}

/** A paid session of ours: our product in metadata, the organization as client reference. */
function ourSession(organizationId: string, overrides: SessionFields = {}): SessionFields {
  return {
    id: `cs_test_${randomUUID().replaceAll('-', '')}`,
    client_reference_id: organizationId,
    metadata: { product_id: productId, organization_id: organizationId },
    ...overrides,
  };
}

function deliver(
  event: unknown,
  { secret = WEBHOOK_SECRET, timestamp, body }: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return test.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body ?? payload,
  });
}

describe('checkout.session.completed', () => {
  it('grants the product’s credits to the organization once, recording the payment', async () => {
    const org = await createTestOrganization(test.database.db);
    const session = ourSession(org);
    const response = await deliver(checkoutEvent('checkout.session.completed', session));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'granted', credits: 5 });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await creditCount(test.database, org, typeId)).toBe(5);
    expect(await purchasesOf(test.database, org)).toEqual([
      { provider: 'stripe', provider_ref: session.id, credits: 5, amount: '199.00', product_id: productId },
    ]);
    expect(stripeApi.requests).toEqual([]);
  });

  it('grants once when the same event arrives three times, one after another or all at once', async () => {
    const org = await createTestOrganization(test.database.db);
    const event = checkoutEvent('checkout.session.completed', ourSession(org));
    const outcomes = [];
    for (let n = 0; n < 3; n++) outcomes.push((await deliver(event)).json().outcome);
    expect(outcomes).toEqual(['granted', 'already-granted', 'already-granted']);
    expect(await creditCount(test.database, org)).toBe(5);

    const other = await createTestOrganization(test.database.db);
    const burst = checkoutEvent('checkout.session.completed', ourSession(other));
    const answers = await Promise.all([deliver(burst), deliver(burst), deliver(burst)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual([
      'already-granted',
      'already-granted',
      'granted',
    ]);
    expect(await creditCount(test.database, other)).toBe(5);
    expect(await purchasesOf(test.database, other)).toHaveLength(1);
  });

  it('grants two different payments of one organization separately', async () => {
    const org = await createTestOrganization(test.database.db);
    await deliver(checkoutEvent('checkout.session.completed', ourSession(org)));
    await deliver(checkoutEvent('checkout.session.completed', ourSession(org)));
    expect(await creditCount(test.database, org)).toBe(10);
  });

  it('grants a free session (100 % discount, nothing owed)', async () => {
    const org = await createTestOrganization(test.database.db);
    const response = await deliver(
      checkoutEvent(
        'checkout.session.completed',
        ourSession(org, { payment_status: 'no_payment_required', amount_total: 0 }),
      ),
    );
    expect(response.json().outcome).toBe('granted');
    expect(await creditCount(test.database, org)).toBe(5);
  });
});

describe('delayed payments and events out of order', () => {
  it('waits while a completed session is unpaid, and grants on async_payment_succeeded', async () => {
    const org = await createTestOrganization(test.database.db);
    const session = ourSession(org);
    const unpaid = await deliver(
      checkoutEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }),
    );
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json()).toEqual({ received: true, outcome: 'awaiting-payment' });
    expect(await creditCount(test.database, org)).toBe(0);

    const paid = await deliver(checkoutEvent('checkout.session.async_payment_succeeded', session));
    expect(paid.json().outcome).toBe('granted');
    expect(await creditCount(test.database, org)).toBe(5);
  });

  it('grants once when async_payment_succeeded comes before completed, and again after it', async () => {
    const org = await createTestOrganization(test.database.db);
    const session = ourSession(org);
    const events = [
      checkoutEvent('checkout.session.async_payment_succeeded', session),
      checkoutEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }),
      checkoutEvent('checkout.session.completed', session),
      checkoutEvent('checkout.session.async_payment_succeeded', session),
    ];
    const outcomes = [];
    for (const event of events) outcomes.push((await deliver(event)).json().outcome);
    expect(outcomes).toEqual(['granted', 'awaiting-payment', 'already-granted', 'already-granted']);
    expect(await creditCount(test.database, org)).toBe(5);
  });

  it('acknowledges events it does not handle without granting anything', async () => {
    const org = await createTestOrganization(test.database.db);
    const response = await deliver(checkoutEvent('checkout.session.async_payment_failed', ourSession(org)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await creditCount(test.database, org)).toBe(0);
  });
});

describe('signatures', () => {
  it.each([
    ['signed with another secret', { secret: 'whsec_someone_else' }],
    ['signed 301 seconds ago (a stale replay)', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
  ])('refuses an event %s with 400 and grants nothing', async (_case, options) => {
    const org = await createTestOrganization(test.database.db);
    const response = await deliver(checkoutEvent('checkout.session.completed', ourSession(org)), options);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The Stripe signature is missing, invalid or too old.' });
    expect(await creditCount(test.database, org)).toBe(0);
    expect(await purchasesOf(test.database, org)).toEqual([]);
  });

  it('refuses a body changed after signing (another organization put in)', async () => {
    const org = await createTestOrganization(test.database.db);
    const thief = await createTestOrganization(test.database.db);
    const event = checkoutEvent('checkout.session.completed', ourSession(org));
    const forged = JSON.stringify(event).replaceAll(org, thief);
    const response = await deliver(event, { body: forged });
    expect(response.statusCode).toBe(400);
    expect(await creditCount(test.database, org)).toBe(0);
    expect(await creditCount(test.database, thief)).toBe(0);
  });

  it('refuses a signature that differs only in whitespace of the body: the raw bytes are what count', async () => {
    const org = await createTestOrganization(test.database.db);
    const event = checkoutEvent('checkout.session.completed', ourSession(org));
    const response = await deliver(event, { body: JSON.stringify(event, null, 2) });
    expect(response.statusCode).toBe(400);
    expect(await creditCount(test.database, org)).toBe(0);
  });

  it('refuses an event without a signature header', async () => {
    const org = await createTestOrganization(test.database.db);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(checkoutEvent('checkout.session.completed', ourSession(org))),
    });
    expect(response.statusCode).toBe(400);
    expect(await creditCount(test.database, org)).toBe(0);
  });

  it('still parses JSON bodies on every other route', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: {
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Hi',
        type: 'contact_form',
        timestamp: '2025-01-01T00:00:00Z',
      },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('payments that cannot be attributed (logged refusals, nothing granted)', () => {
  it.each([
    [
      'an unknown product in the metadata',
      (org: string) => ourSession(org, { metadata: { product_id: randomUUID() } }),
    ],
    [
      'a product id that is no id',
      (org: string) => ourSession(org, { metadata: { product_id: 'prod_123' } }),
    ],
  ])('refuses %s with 422', async (_case, session) => {
    const org = await createTestOrganization(test.database.db);
    const response = await deliver(checkoutEvent('checkout.session.completed', session(org)));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/no product of ours/);
    expect(await creditCount(test.database, org)).toBe(0);
    expect(await purchasesOf(test.database, org)).toEqual([]);
  });

  it.each([
    ['an organization that does not exist', () => randomUUID()],
    ['a client reference that is no id', () => 'org_42'],
  ])('refuses %s with 422', async (_case, reference) => {
    const ref = reference();
    const response = await deliver(
      checkoutEvent('checkout.session.completed', ourSession(ref, { metadata: { product_id: productId } })),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/no organization of ours/);
  });

  it('finds the product of a payment-link session by its price, asking Stripe for the line items', async () => {
    const org = await createTestOrganization(test.database.db);
    const session = {
      id: `cs_test_link_${randomUUID().slice(0, 8)}`,
      client_reference_id: org,
      metadata: {},
      payment_link: 'plink_1',
    };
    stripeApi.lineItemPrices.set(session.id, [PRICE]);
    const response = await deliver(checkoutEvent('checkout.session.completed', session));
    expect(response.json()).toEqual({ received: true, outcome: 'granted', credits: 5 });
    expect(stripeApi.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/v1/checkout/sessions/${session.id}/line_items`,
        authorization: 'Bearer sk_test_fake',
      }),
    ]);
    expect(await creditCount(test.database, org)).toBe(5);
  });

  it('refuses a payment-link session whose price is no product of ours', async () => {
    const org = await createTestOrganization(test.database.db);
    const session = {
      id: `cs_test_link_${randomUUID().slice(0, 8)}`,
      client_reference_id: org,
      metadata: {},
    };
    stripeApi.lineItemPrices.set(session.id, ['price_unknown']);
    const response = await deliver(checkoutEvent('checkout.session.completed', session));
    expect(response.statusCode).toBe(422);
    expect(await creditCount(test.database, org)).toBe(0);
  });
});

describe('without Stripe configured', () => {
  it('has no webhook: 404, and nothing is granted', async () => {
    const sandbox = await createTestApp();
    try {
      const response = await sandbox.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
