import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { findProduct, findProductByPrice } from '../products/product-service.ts';
import { grantPurchase } from './purchase-repository.ts';

/**
 * A completed checkout, whichever provider took it: the Stripe webhook and the sandbox page both
 * describe the payment this way and hand it to completeCheckout, the one granting path (DESIGN §1).
 */
export interface CompletedCheckout {
  provider: 'stripe' | 'sandbox';
  /** The provider's id of the payment (a Stripe Checkout session id): credits once per id. */
  reference: string;
  /** The client reference: the organization that receives the credits. */
  organizationId: string | null;
  /** Our product, when the checkout names it (metadata of our sessions, the sandbox page). */
  productId: string | null;
  /** Else the Stripe prices bought, to find the product by its `stripe_id`. */
  priceIds: readonly string[];
  /** What was paid, as a decimal amount (for the purchase row; not used to decide anything). */
  amount: string | null;
}

export type CheckoutOutcome =
  | { outcome: 'granted' | 'already-granted'; purchaseId: string; credits: number; productId: string }
  | { outcome: 'unknown-product' }
  | { outcome: 'unknown-organization' };

export async function completeCheckout(
  deps: ServiceDeps,
  checkout: CompletedCheckout,
  log: FastifyBaseLogger,
): Promise<CheckoutOutcome> {
  const details = {
    provider: checkout.provider,
    reference: checkout.reference,
    organizationId: checkout.organizationId,
    productId: checkout.productId,
    priceIds: checkout.priceIds,
  };
  const productId = await productOf(deps, checkout);
  // A paid payment we cannot attribute is an operator's problem: log it loudly, grant nothing.
  if (!productId) {
    log.error(details, 'payment refused: unknown product or price, no credits granted');
    return { outcome: 'unknown-product' };
  }
  if (!isUuid(checkout.organizationId)) {
    log.error(details, 'payment refused: unknown organization, no credits granted');
    return { outcome: 'unknown-organization' };
  }
  const grant = {
    provider: checkout.provider,
    providerRef: checkout.reference,
    organizationId: checkout.organizationId,
    productId,
    amount: checkout.amount,
  };
  // Issue 16 §2: every writer of records publishes them, new credits included.
  const result = await writeRecords(deps, async (writer) => {
    const outcome = await grantPurchase(writer, grant);
    return { value: outcome, changed: outcome.outcome === 'granted' ? outcome.recordIds : [] };
  });
  switch (result.outcome) {
    case 'unknown-product':
    case 'unknown-organization':
      log.error({ ...details, productId }, `payment refused: ${result.outcome}, no credits granted`);
      return result;
    case 'granted':
      log.info({ ...details, productId, credits: result.credits }, 'payment granted');
      return { outcome: result.outcome, purchaseId: result.purchaseId, credits: result.credits, productId };
    case 'already-granted':
      log.info({ ...details, productId }, 'payment already granted: nothing added');
      return { ...result, productId };
  }
}

async function productOf(deps: ServiceDeps, checkout: CompletedCheckout): Promise<string | undefined> {
  // A named product is the one, even when it no longer exists (then the payment is refused).
  if (checkout.productId !== null) {
    return isUuid(checkout.productId) && (await findProduct(deps.database, checkout.productId))
      ? checkout.productId
      : undefined;
  }
  for (const priceId of checkout.priceIds) {
    const product = await findProductByPrice(deps.database, priceId);
    if (product) return product.id;
  }
  return undefined;
}
