import type { FastifyInstance } from 'fastify';
import { sendResult as send } from '../../kernel/http-result.ts';
import { OBJECT_BODY_ROUTE, objectBodyRouteWithId } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { createCheckoutSession } from './checkout-service.ts';
import { paySandboxCheckout, previewSandboxCheckout } from './sandbox-checkout-service.ts';

/**
 * customer-app §7 Checkout `POST /api/create-checkout-session`, and the payments sandbox's page
 * calls (docs/decisions/070): `GET /api/sandbox-checkout/:productId?client_reference_id=` shows
 * what would be bought, `POST /api/sandbox-checkout/:productId { clientReferenceId, paymentId }`
 * completes it. Errors answer `{ error }`.
 */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const deps = serviceDeps(app);
  app.post('/api/create-checkout-session', OBJECT_BODY_ROUTE, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return send(reply, await createCheckoutSession(deps, app.payments, viewer, request.body, request.log));
  });
  app.get<{ Params: { productId: string }; Querystring: { client_reference_id?: string } }>(
    '/api/sandbox-checkout/:productId',
    async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      return send(
        reply,
        await previewSandboxCheckout(
          deps,
          app.payments,
          viewer,
          request.params.productId,
          request.query.client_reference_id,
        ),
      );
    },
  );
  app.post<{ Params: { productId: string } }>(
    '/api/sandbox-checkout/:productId',
    objectBodyRouteWithId('productId'),
    async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      return send(
        reply,
        await paySandboxCheckout(
          deps,
          app.payments,
          viewer,
          request.params.productId,
          request.body,
          request.log,
        ),
      );
    },
  );
}
