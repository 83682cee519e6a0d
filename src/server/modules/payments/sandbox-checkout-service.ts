import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ORGANIZATION_MISSING_MESSAGE } from '#domain/invitation.ts';
import { type Actor, decideOrganization } from '#domain/permissions.ts';
import type { SandboxCheckout, SandboxPayment } from '#domain/sandbox-checkout.ts';
import { isUuid } from '../../db/uuid.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { findOrganization } from '../organizations/organization-service.ts';
import { findProduct } from '../products/product-service.ts';
import { PRODUCT_NOT_FOUND } from './checkout-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { completeCheckout } from './purchase-service.ts';

export const SANDBOX_OFF_MESSAGE = 'The payments sandbox is not available on this server.';
const ORGANIZATION_NOT_FOUND = 'Organization not found.';

/**
 * The sandbox's "checkout session" (docs/decisions/070): a product and a client reference, as a
 * Stripe payment link is. Nothing is paid, so only the organization's customers and admins may
 * buy for it (`buyCredits`), and the sandbox exists only while Stripe is not configured and the
 * server is not in production.
 */
export async function previewSandboxCheckout(
  deps: ServiceDeps,
  payments: PaymentProvider,
  actor: Actor | null,
  productId: string,
  organizationId: unknown,
): Promise<Result<SandboxCheckout>> {
  if (payments.kind !== 'sandbox') return fail('NOT_FOUND', SANDBOX_OFF_MESSAGE);
  if (!actor) return denial('unauthenticated');
  if (typeof organizationId !== 'string' || organizationId.trim() === '')
    return fail('BAD_USER_INPUT', ORGANIZATION_MISSING_MESSAGE);
  const notFound = { notFound: ORGANIZATION_NOT_FOUND };
  if (!isUuid(organizationId)) return denial('not-found', notFound);
  const refused = refusal(decideOrganization(actor, 'buyCredits', organizationId), notFound);
  if (refused) return refused;
  const organization = await findOrganization(deps.database, organizationId);
  if (!organization) return denial('not-found', notFound);
  const product = isUuid(productId) ? await findProduct(deps.database, productId) : undefined;
  if (!product) return fail('NOT_FOUND', PRODUCT_NOT_FOUND);
  return ok({
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      cost: product.cost,
      credits: product.credits,
      inventoryTypeName: product.inventoryType.name,
    },
    organization: { id: organization.id, name: organization.name },
  });
}

const payInput = z.object({
  // Made by the page when it opens: paying twice from one page (a double click, a retry after a
  // lost answer) is one payment, as one Stripe Checkout session is.
  paymentId: z.uuid('paymentId must be a UUID made by the checkout page.'),
});

/** "Pay" on the sandbox page: the same granting path as a Stripe webhook (completeCheckout). */
export async function paySandboxCheckout(
  deps: ServiceDeps,
  payments: PaymentProvider,
  actor: Actor | null,
  productId: string,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<Result<SandboxPayment>> {
  const input = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const preview = await previewSandboxCheckout(deps, payments, actor, productId, input.clientReferenceId);
  if (!preview.ok) return preview;
  const parsed = payInput.safeParse(input);
  if (!parsed.success) return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Bad payment.');
  const { product, organization } = preview.value;
  const result = await completeCheckout(
    deps,
    {
      provider: 'sandbox',
      reference: `sandbox_${parsed.data.paymentId}`,
      organizationId: organization.id,
      productId: product.id,
      priceIds: [],
      amount: product.cost,
    },
    log,
  );
  if (result.outcome === 'unknown-product') return fail('NOT_FOUND', PRODUCT_NOT_FOUND);
  if (result.outcome === 'unknown-organization')
    return denial('not-found', { notFound: ORGANIZATION_NOT_FOUND });
  return ok({ ...preview.value, outcome: result.outcome, credits: result.credits });
}
