import { checkoutScreenLink, sandboxCheckoutLink, withClientReference } from '#domain/payment-link.ts';
import type { Config } from '../../config.ts';
import { createStripeGateway, type StripeGateway } from './stripe-gateway.ts';

/** What a payment needs to know about the product bought. */
export interface PayableProduct {
  id: string;
  stripeId: string | null;
  stripePaylink: string | null;
}

/**
 * How this deployment takes payments (DESIGN §1, docs/decisions/070-payments-provider.md):
 * - `stripe` with STRIPE_SECRET_KEY: payment links and Checkout sessions; credits are granted by
 *   the signed webhook.
 * - `sandbox` without it: a local checkout page, clearly labelled, completes purchases through the
 *   same granting code as the webhook.
 * - `off` without it in production: a live server never gives credits away for nothing.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox' | 'off';
  /** Set in Stripe mode: the API and the webhook verification. */
  readonly stripe?: StripeGateway;
  /**
   * Where "Buy Now" leads before the client reference is appended (customer-app §2 Products), or
   * null when the product cannot be bought on this server.
   */
  paymentLinkFor(product: PayableProduct): string | null;
  /** customer-app §7 Checkout: the address of a checkout session for one unit of the product. */
  checkoutUrl(request: { product: PayableProduct; priceId: string; organizationId: string }): Promise<string>;
}

export function createPaymentProvider(config: Config): PaymentProvider {
  const { stripe } = config;
  if (stripe?.secretKey && stripe.webhookSecret) {
    return stripeProvider(
      createStripeGateway({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        ...(stripe.apiUrl ? { apiUrl: stripe.apiUrl } : {}),
      }),
      config.publicUrl,
    );
  }
  return config.isProduction ? paymentsOff() : sandboxProvider();
}

export function stripeProvider(gateway: StripeGateway, publicUrl: string): PaymentProvider {
  return {
    kind: 'stripe',
    stripe: gateway,
    // The admin's payment link when there is one; else our checkout screen for the product's price.
    paymentLinkFor: (product) =>
      product.stripePaylink ?? (product.stripeId ? checkoutScreenLink(product.stripeId) : null),
    checkoutUrl: ({ product, priceId, organizationId }) =>
      gateway.createCheckoutSession({
        priceId,
        productId: product.id,
        organizationId,
        successUrl: `${publicUrl}/#/account`,
        cancelUrl: `${publicUrl}/#/products`,
      }),
  };
}

export function sandboxProvider(): PaymentProvider {
  return {
    kind: 'sandbox',
    paymentLinkFor: (product) => sandboxCheckoutLink(product.id),
    checkoutUrl: async ({ product, organizationId }) =>
      withClientReference(sandboxCheckoutLink(product.id), organizationId),
  };
}

function paymentsOff(): PaymentProvider {
  return {
    kind: 'off',
    paymentLinkFor: () => null,
    checkoutUrl: () => Promise.reject(new Error('Payments are off: STRIPE_SECRET_KEY is not set.')),
  };
}
