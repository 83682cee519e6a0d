import type { FastifyInstance } from 'fastify';

/** GET /api/me: who the server takes the caller to be, with roles from the database. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
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
