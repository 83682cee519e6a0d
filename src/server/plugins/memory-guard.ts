import v8 from 'node:v8';
import fp from 'fastify-plugin';
import { GraphQLError } from 'graphql';
import { SERVER_BUSY_MESSAGE } from '../kernel/messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 25: whether the heap is so full that new work must wait (503) rather than risk the process. */
    memoryGuard: MemoryGuard;
  }
}

export interface MemoryGuard {
  nearLimit(): boolean;
}

export const RETRY_AFTER_SECONDS = 5;
// Sampling the heap costs about a microsecond; doing it at most this often keeps it off the hot path.
const SAMPLE_MS = 100;

/**
 * Issue 25: a memory guard. When the V8 heap holds more than MEMORY_GUARD_HEAP_FRACTION of its limit
 * (`--max-old-space-size`, or V8's default), new GraphQL operations and API calls are answered 503
 * with `Retry-After` (and a socket's new operations with an error message) instead of the process
 * running out of memory and taking every person's work with it. Health checks still answer.
 */
export const memoryGuardPlugin = fp(
  async (app, options: { heapFraction: number }) => {
    const limit = v8.getHeapStatistics().heap_size_limit;
    let sampledAt = 0;
    let near = false;
    const guard: MemoryGuard = {
      nearLimit() {
        const now = Date.now();
        if (now - sampledAt >= SAMPLE_MS) {
          sampledAt = now;
          near = process.memoryUsage().heapUsed > limit * options.heapFraction;
        }
        return near;
      },
    };
    app.decorate('memoryGuard', guard);
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const guarded = path === '/graphql' || path.startsWith('/api/');
      if (!guarded || request.headers.upgrade || !guard.nearLimit()) return;
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (path === '/graphql') {
        const error = new GraphQLError(SERVER_BUSY_MESSAGE, { extensions: { code: 'SERVER_BUSY' } });
        return reply.status(503).send({ data: null, errors: [error.toJSON()] });
      }
      return reply.status(503).send({ error: SERVER_BUSY_MESSAGE });
    });
  },
  { name: 'memory-guard' },
);
