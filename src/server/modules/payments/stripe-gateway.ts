import Stripe from 'stripe';

/** What our payments need of Stripe's API, through the `stripe` package (DESIGN §1). */
export interface StripeGateway {
  /** A Checkout session for one unit of a price, paid for an organization (customer-app §7 Checkout). */
  createCheckoutSession(request: {
    priceId: string;
    productId: string;
    organizationId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /**
   * The event of a webhook request, verified against the signing secret on the RAW body, with
   * Stripe's 300 s tolerance against replays of old deliveries. Throws when the signature fails.
   */
  verifyEvent(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event;
  /** The prices bought in a session (for sessions of payment links that carry no product metadata). */
  pricesOfSession(sessionId: string): Promise<string[]>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeGateway(options: {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (stripe-mock, tests): STRIPE_API_URL. */
  apiUrl?: string;
}): StripeGateway {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  return {
    async createCheckoutSession({ priceId, productId, organizationId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: priceId, quantity: 1 }],
        // The organization that receives the credits comes back in the completed session.
        client_reference_id: organizationId,
        metadata: { product_id: productId, organization_id: organizationId },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe created checkout session ${session.id} without a url.`);
      return session.url;
    },
    verifyEvent(rawBody, signature) {
      if (signature === undefined || Array.isArray(signature))
        throw new Error('The Stripe-Signature header is missing or repeated.');
      return stripe.webhooks.constructEvent(
        rawBody,
        signature,
        options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    },
    async pricesOfSession(sessionId) {
      const items = await stripe.checkout.sessions.listLineItems(sessionId, { limit: 10 });
      return items.data.flatMap((item) => (item.price?.id ? [item.price.id] : []));
    },
  };
}
