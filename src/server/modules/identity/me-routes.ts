import type { FastifyInstance } from 'fastify';
import { endEverySignIn } from './session-end.ts';
import { revokeTokensOfUser } from './viewer.ts';

/** GET /api/me: who the server takes the caller to be, with roles from the database. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  // Issue 14 §3: the browser calls this as it logs out; every token issued so far stops working,
  // here and on every instance, and open live connections close.
  app.post('/api/logout', async (request, reply) => {
    const viewer = await app.authenticate(request);
    await revokeTokensOfUser(app.database.db, viewer.userId);
    await app.viewers.invalidateUser(viewer.userId);
    return reply.status(204).send();
  });

  // Issue 29 §4 "Sign out of all devices": the caller's own sign-ins everywhere end, renewals too,
  // and their open live connections close (on every instance, through the viewer invalidation).
  app.post('/api/sign-out-everywhere', async (request, reply) => {
    const viewer = await app.authenticate(request);
    await endEverySignIn(app.database.db, viewer.userId);
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
