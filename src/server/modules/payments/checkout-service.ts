import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  CHECKOUT_FAILED_MESSAGE,
  MISSING_STRIPE_ID_MESSAGE,
  USER_ORGANIZATION_NOT_FOUND,
} from '#domain/payment-link.ts';
import { type Actor, decide, decideOrganization } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { findProduct, findProductByPrice } from '../products/product-service.ts';
import type { PaymentProvider } from './payment-provider.ts';

// customer-app §5 and §8: the spec's messages.
export { CHECKOUT_FAILED_MESSAGE, MISSING_STRIPE_ID_MESSAGE, USER_ORGANIZATION_NOT_FOUND };
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const PAYMENTS_OFF_MESSAGE =
  'Purchases are not available on this server yet. Please contact us to buy records.';

const checkoutInput = z.object({
  stripeId: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.trim() : '')),
});

/**
 * customer-app §7 Checkout `POST /api/create-checkout-session { stripeId }` → `{ url }`: a checkout
 * session for one unit of the product sold at that price, paid for the caller's organization.
 * Customers and admins with an organization (customer-app §6).
 */
export async function createCheckoutSession(
  deps: ServiceDeps,
  payments: PaymentProvider,
  actor: Actor | null,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<Result<{ url: string }>> {
  const refused = refusal(decide(actor, 'checkout.create'));
  if (refused || !actor) return refused ?? denial('unauthenticated');
  const input = checkoutInput.safeParse(body ?? {});
  const stripeId = input.success ? input.data.stripeId : '';
  if (!stripeId) return fail('BAD_USER_INPUT', MISSING_STRIPE_ID_MESSAGE);
  const organizationId = actor.organizationId;
  if (!organizationId) return fail('NOT_FOUND', USER_ORGANIZATION_NOT_FOUND);
  const mayBuy = refusal(decideOrganization(actor, 'buyCredits', organizationId), {
    notFound: USER_ORGANIZATION_NOT_FOUND,
  });
  if (mayBuy) return mayBuy;
  if (payments.kind === 'off') return fail('UNAVAILABLE', PAYMENTS_OFF_MESSAGE);

  // The product sold at this price; the sandbox also takes a product id (the demo products have
  // no Stripe price), Stripe never does: it needs a real price.
  const product =
    (await findProductByPrice(deps.database, stripeId)) ??
    (payments.kind === 'sandbox' && isUuid(stripeId)
      ? await findProduct(deps.database, stripeId)
      : undefined);
  if (!product) return fail('NOT_FOUND', PRODUCT_NOT_FOUND);
  try {
    const url = await payments.checkoutUrl({ product, priceId: stripeId, organizationId });
    return ok({ url });
  } catch (error) {
    // Stripe's own message may name the key or the account: it is logged, never passed on.
    log.error({ err: error, stripeId, organizationId }, 'checkout session not created');
    return fail('BAD_GATEWAY', CHECKOUT_FAILED_MESSAGE);
  }
}
