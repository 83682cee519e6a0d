import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/graphql'];

/**
 * DESIGN §8: `Cache-Control: no-store` on every API response, errors and 404s included, so no
 * answer about a person's record is ever kept by a browser or a proxy.
 */
export const apiCacheControlPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const path = request.url.split('?')[0] ?? '';
      if (API_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix))) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'api-cache-control' },
);
