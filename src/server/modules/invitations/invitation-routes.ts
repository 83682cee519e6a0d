import type { FastifyInstance } from 'fastify';
import { sendResult } from '../../kernel/http-result.ts';
import { OBJECT_BODY_ROUTE } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { type InvitationDeps, inviteToRecord, resendInvitation } from './invitation-service.ts';

/**
 * customer-app §7 Invite service, served as `POST /api/invite` and `POST /api/resend` (DESIGN §5).
 * The bearer token names the caller; errors answer `{ error }`.
 */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const deps: InvitationDeps = {
    ...serviceDeps(app),
    mailer: app.mailer,
    productName: app.config.productName,
    publicUrl: app.config.publicUrl,
  };
  app.post('/api/invite', OBJECT_BODY_ROUTE, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await inviteToRecord(deps, viewer, request.body, request.log));
  });
  app.post('/api/resend', OBJECT_BODY_ROUTE, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await resendInvitation(deps, viewer, request.body, request.log));
  });
}
