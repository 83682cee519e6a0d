import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../kernel/authentication.ts';
import { sendResult } from '../../kernel/http-result.ts';
import { OBJECT_BODY_ROUTE } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import {
  type DataKeyShredder,
  type ErasureDeps,
  eraseOwnAccount,
  eraseUserAsAdmin,
  resumeErasures,
} from './erasure-service.ts';

/**
 * Issue 30 §6 (decision 131): POST /api/account/erase { password, confirmation } erases the caller;
 * POST /api/users/:id/erase { confirmation } lets an admin erase another person. Both answer
 * { error } with a 4xx for every refusal. At start-up, erasures a stopped process left half-way end.
 */
export async function erasureRoutes(
  app: FastifyInstance,
  options: { dataKeys: DataKeyShredder; recordings?: ErasureDeps['recordings'] },
): Promise<void> {
  const deps: ErasureDeps = {
    ...serviceDeps(app),
    dataKeys: options.dataKeys,
    recordings: options.recordings,
    mailer: app.mailer,
    site: { productName: app.config.productName, homeUrl: app.config.publicUrl },
    log: app.log,
    embeddedSignIn: app.config.oidc.embedded,
  };

  app.post('/api/account/erase', OBJECT_BODY_ROUTE, async (request, reply) => {
    const viewer = await app.authenticate(request);
    // With an outside provider there is no password here: a sign-in there minutes ago proves it.
    const identity = await app.verifyToken(bearerToken(request.headers.authorization));
    const result = await eraseOwnAccount(deps, viewer, request.body, {
      network: request.ip,
      authTime: identity.authTime,
    });
    return sendResult(reply, result);
  });

  app.post<{ Params: { id: string } }>('/api/users/:id/erase', OBJECT_BODY_ROUTE, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await eraseUserAsAdmin(deps, viewer, request.params.id, request.body));
  });

  // Before serving, erasures a stopped process left half-way are finished (decision 131). A
  // database out of reach must not keep the server from starting: /readyz says so, and the
  // erasures are finished at the next start or when an admin erases the person again.
  app.addHook('onReady', async () => {
    try {
      await resumeErasures(deps);
    } catch (error) {
      app.log.error({ err: error }, 'finishing erasures left half-way failed; retried at the next start');
    }
  });
}
