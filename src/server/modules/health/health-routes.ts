import type { FastifyInstance } from 'fastify';

/**
 * For operators and load balancers: /healthz says the process is alive, /readyz that it can serve:
 * the database answers, and (issue 38 §3) so does the key store every answer is opened through.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const [database, keyStore] = await Promise.all([
      check(() => app.database.ping(), 'database unreachable'),
      check(() => app.database.vault.ping(), 'key store unreachable'),
    ]);
    const status = { database: database ? 'ok' : 'unreachable', keyStore: keyStore ? 'ok' : 'unreachable' };
    if (database && keyStore) return { status: 'ready', ...status };
    return reply.status(503).send({ status: 'unavailable', ...status });

    async function check(probe: () => Promise<void>, what: string): Promise<boolean> {
      try {
        await probe();
        return true;
      } catch (error) {
        request.log.warn({ err: error }, `readiness check: ${what}`);
        return false;
      }
    }
  });
}
