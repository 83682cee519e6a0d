import type { FastifyInstance } from 'fastify';
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
