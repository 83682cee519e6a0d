import type { FastifyInstance } from 'fastify';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { completeCheckout } from './purchase-service.ts';
import { actionOfStripeEvent } from './stripe-checkout-event.ts';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * DESIGN §5 `POST /api/stripe/webhook`: Stripe's signature is checked on the raw body (a JSON
 * parser would change the bytes it signed), so this plugin is encapsulated and its raw-body parser
 * serves this route only. No bearer token: the signature is the credential.
 *
 * Answers (docs/decisions/070-payments-provider.md): 400 for a bad, missing or stale signature;
 * 200 for every event handled, granted or already granted, waiting or ignored; 422 when a paid
 * checkout names an unknown product, price or organization, so Stripe shows the failure and
 * retries it (for three days) while an operator puts the product right.
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  const deps = serviceDeps(app);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
    const stripe = app.payments.stripe;
    if (!stripe) return reply.status(404).send({ error: 'Stripe is not configured on this server.' });
    let event: ReturnType<typeof stripe.verifyEvent>;
    try {
      event = stripe.verifyEvent(request.body as Buffer, request.headers['stripe-signature']);
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook refused: signature');
      return reply.status(400).send({ error: 'The Stripe signature is missing, invalid or too old.' });
    }

    const action = actionOfStripeEvent(event);
    if (action.action !== 'complete') {
      request.log.info(
        { eventId: event.id, type: event.type, reason: action.reason },
        'Stripe event not granted',
      );
      return reply.send({
        received: true,
        outcome: action.action === 'wait' ? 'awaiting-payment' : 'ignored',
      });
    }
    const checkout = action.checkout;
    if (checkout.productId === null) {
      // A payment link's session carries no metadata of ours unless the link has some: ask Stripe
      // which price was bought (docs/decisions/070).
      checkout.priceIds = await stripe.pricesOfSession(checkout.reference);
    }
    const result = await completeCheckout(deps, checkout, request.log);
    if (result.outcome === 'unknown-product' || result.outcome === 'unknown-organization') {
      return reply.status(422).send({
        error:
          result.outcome === 'unknown-product'
            ? 'The checkout names no product of ours (metadata product_id or a product whose Stripe ID is the price).'
            : 'The checkout names no organization of ours (client_reference_id).',
      });
    }
    return reply.send({ received: true, outcome: result.outcome, credits: result.credits });
  });
}
