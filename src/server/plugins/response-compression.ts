import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Pages that carry a secret (a sign-in form's CSRF token, a reset link in the mailbox) beside
 * text an attacker can choose are never compressed: compressed sizes would leak the secret (BREACH).
 */
const NEVER_COMPRESSED = ['/oidc', '/mailbox'];

/**
 * Issue 15 §3: API answers (GraphQL, JSON) are compressed with brotli or gzip, whichever the
 * browser prefers. Brotli at quality 4 costs about what gzip 6 does and still saves more; static
 * assets are compressed once at build time instead (vite.config.ts, served pre-compressed).
 */
export const responseCompressionPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (NEVER_COMPRESSED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
        request.headers['x-no-compression'] = '1';
      }
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Request bodies are never accepted compressed: a small body could inflate without bound.
      globalDecompression: false,
    });
  },
  { name: 'response-compression', dependencies: ['error-handler'] },
);
