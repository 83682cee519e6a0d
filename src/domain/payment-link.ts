import { SANDBOX_CHECKOUT_ROUTE } from './sandbox-checkout-route.ts';

/**
 * Where "Buy Now" leads (customer-app §2 Products): the product's payment link with the buyer's
 * organization id appended as the client reference. Stripe payment links read it from the
 * `client_reference_id` query parameter and hand it back in the checkout session; the payments
 * sandbox reads the same parameter (docs/decisions/070-payments-provider.md).
 */
export const CLIENT_REFERENCE_PARAM = 'client_reference_id';

// customer-app §5 and §8: the checkout's refusals, as the server gives them and the screens show them.
export const MISSING_STRIPE_ID_MESSAGE = 'Missing Stripe ID';
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';
export const USER_ORGANIZATION_NOT_FOUND = 'User organization not found.';

export { SANDBOX_CHECKOUT_ROUTE };

export function sandboxCheckoutLink(productId: string): string {
  return `/#/${SANDBOX_CHECKOUT_ROUTE}/${encodeURIComponent(productId)}`;
}

/** customer-app §2 Checkout: our checkout screen for a price (`#/checkout/{stripeId}`). */
export function checkoutScreenLink(stripeId: string): string {
  return `/#/checkout/${encodeURIComponent(stripeId)}`;
}

export function withClientReference(link: string, organizationId: string): string {
  const separator = link.includes('?') ? '&' : '?';
  return `${link}${separator}${CLIENT_REFERENCE_PARAM}=${encodeURIComponent(organizationId)}`;
}
