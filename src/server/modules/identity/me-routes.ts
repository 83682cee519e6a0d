import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../kernel/authentication.ts';
import { endEverySignIn, endThisSignIn, type ProviderSessionEnder } from './session-end.ts';

export interface MeRoutesOptions {
  /** With the embedded provider: ends its session behind this device's sign-in (issue 38 §4). */
  endProviderSession?: ProviderSessionEnder;
}

/** GET /api/me: who the server takes the caller to be, with roles from the database. */
export async function meRoutes(app: FastifyInstance, options: MeRoutesOptions): Promise<void> {
  // Issue 14 §3, issue 38 §4: the browser calls this as it logs out; this device's tokens stop
  // working, here and on every instance, its provider session ends, and its live connections
  // close. The person's other devices stay signed in.
  app.post('/api/logout', async (request, reply) => {
    const viewer = await app.authenticate(request);
    const identity = await app.verifyToken(bearerToken(request.headers.authorization));
    await endThisSignIn(app.database.db, viewer, identity.signInId, options.endProviderSession);
    await app.viewers.invalidateUser(viewer.userId);
    return reply.status(204).send();
  });

  // Issue 29 §4 "Sign out of all devices": the caller's own sign-ins everywhere end, renewals too,
  // and their open live connections close (on every instance, through the viewer invalidation).
  app.post('/api/sign-out-everywhere', async (request, reply) => {
    const viewer = await app.authenticate(request);
    await endEverySignIn(app.database.db, viewer.userId, 'everywhere');
    await app.viewers.invalidateUser(viewer.userId);
    return reply.status(204).send();
  });

  app.get('/api/me', async (request, reply) => {
    const viewer = await app.authenticate(request);
    return reply.header('cache-control', 'no-store').send({
      id: viewer.userId,
      federatedId: viewer.federatedId,
      name: viewer.name,
      email: viewer.email,
      emailVerified: viewer.emailVerified,
      organizationId: viewer.organizationId,
      roles: viewer.roles,
    });
  });
}
