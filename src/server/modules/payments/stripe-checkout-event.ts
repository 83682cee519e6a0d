import type Stripe from 'stripe';
import type { CompletedCheckout } from './purchase-service.ts';

/** What a verified Stripe event asks of us. */
export type StripeEventAction =
  | { action: 'complete'; checkout: CompletedCheckout }
  | { action: 'wait'; reason: string }
  | { action: 'ignore'; reason: string };

// A session is fulfilled once nothing is owed: paid, or free (a 100 % discount).
const FULFILLABLE = new Set<string>(['paid', 'no_payment_required']);

/**
 * `checkout.session.completed` grants when the payment is already in; a delayed method (bank
 * debit) completes unpaid and grants on `checkout.session.async_payment_succeeded`. Both carry the
 * same session id, so whichever comes first grants and the other finds the purchase: events may
 * arrive in any order, and any number of times.
 */
export function actionOfStripeEvent(event: Stripe.Event): StripeEventAction {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded'
  ) {
    return { action: 'ignore', reason: `${event.type} is not handled` };
  }
  const session = event.data.object;
  if (!FULFILLABLE.has(session.payment_status)) {
    return { action: 'wait', reason: `payment_status is ${session.payment_status}` };
  }
  const metadata = session.metadata ?? {};
  return {
    action: 'complete',
    checkout: {
      provider: 'stripe',
      reference: session.id,
      organizationId: session.client_reference_id ?? metadata.organization_id ?? null,
      productId: metadata.product_id ?? null,
      priceIds: [],
      // Our costs are US dollars (src/domain/money.ts): Stripe counts cents.
      amount: typeof session.amount_total === 'number' ? (session.amount_total / 100).toFixed(2) : null,
    },
  };
}
