import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Strict security headers (DESIGN §8). Scripts only from our origin; the identity provider's
 * origin is allowed for the token calls and the silent-renewal frame when it is external.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const issuerOrigin = new URL(app.config.oidc.issuer).origin;
    const publicUrl = new URL(app.config.publicUrl);
    const wsOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
    // After a sign-in form is posted the browser is redirected to the client, which CSP treats as
    // part of the form submission: under `npm run dev` the client is Vite's origin.
    const devClientOrigin = app.config.devClientOrigin ? [new URL(app.config.devClientOrigin).origin] : [];
    // helmet's own middleware, made once: @fastify/helmet made it again on every request, parsing
    // the policy each time (2 % of the server's time at 300 editors, issue 39 §1).
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Issue 41 §4: a recording plays from a blob the page fetched with the person's sign-in.
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", wsOrigin, issuerOrigin],
          frameSrc: ["'self'", issuerOrigin],
          frameAncestors: ["'self'"],
          formAction: ["'self'", issuerOrigin, ...devClientOrigin],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
        },
      },
      // The silent-renewal iframe loads our own pages; cross-origin isolation would break external IdPs.
      crossOriginEmbedderPolicy: false,
      hsts: app.config.publicUrl.startsWith('https:'),
    });
    app.addHook('onRequest', (request, reply, done) =>
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
  },
  { name: 'security-headers', dependencies: ['database'] },
);
