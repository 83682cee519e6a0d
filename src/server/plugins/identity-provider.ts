import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountLinkRoutes } from '../modules/idp/account-link-routes.ts';
import { deleteOldLinkTokens } from '../modules/idp/account-link-tokens.ts';
import { createAccountService } from '../modules/idp/account-service.ts';
import { deleteExpiredProviderState } from '../modules/idp/oidc-adapter.ts';
import { createFormLimits, isSameOriginPost, sendPage } from '../modules/idp/page-forms.ts';
import { clientOrigins, createIdentityProvider } from '../modules/idp/provider-configuration.ts';
import { problemPage } from '../modules/idp/sign-in-pages.ts';
import { signInRoutes } from '../modules/idp/sign-in-routes.ts';
import { mailboxPath } from '../modules/mailbox/mailbox-availability.ts';
import { databaseRateLimitStore } from '../modules/rate-limits/database-rate-limit-store.ts';
import type { PageSite } from '../modules/server-pages/page-layout.ts';

const MOUNT_PATH = '/oidc';
const CLEANUP_INTERVAL_MS = 15 * 60_000;

/**
 * The embedded OpenID provider at /oidc (DESIGN §1), mounted only when no OIDC_ISSUER is set:
 * oidc-provider for the protocol endpoints, our own pages for signing in, signing up and the
 * mailed links. Every piece of its state lives in the database.
 */
export async function identityProviderPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (!config.oidc.embedded) return;
  const db = app.database.db;
  const site: PageSite = { productName: config.productName, homeUrl: config.publicUrl };
  const provider = await createIdentityProvider({
    config,
    db,
    records: { database: app.database, changes: app.recordChanges },
    log: app.log,
    site,
  });
  const accounts = createAccountService({ db, mailer: app.mailer, site, log: app.log });

  // The protocol endpoints. STACK-NOTES trap 7: oidc-provider reads the body itself and builds its
  // URLs from `originalUrl`, so the body stays unparsed and the prefix is stripped only from `url`.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handle = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(MOUNT_PATH.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all(MOUNT_PATH, handle);
    scope.all(`${MOUNT_PATH}/*`, handle);
  });

  // Our pages (more specific routes than the wildcard above, so they win).
  await app.register(async (scope) => {
    await scope.register(formbody);
    await scope.register(rateLimit, { global: false, store: databaseRateLimitStore(app.database.db) });
    const allowedOrigins = new Set(clientOrigins(config));
    // Under the site-wide `no-referrer` browsers post our forms with `Origin: null`; `same-origin`
    // keeps the real Origin on our own posts and still tells other sites nothing. (helmet wrote
    // its header on the raw response already, which Fastify's reply.header would not replace.)
    scope.addHook('onRequest', async (_request, reply) => {
      reply.raw.setHeader('referrer-policy', 'same-origin');
    });
    scope.addHook('preHandler', async (request, reply) => {
      if (request.method === 'POST' && !isSameOriginPost(request, allowedOrigins)) {
        return sendPage(
          reply,
          403,
          problemPage(
            site,
            'This form came from another site',
            'Open the page on our site and send the form from there.',
          ),
        );
      }
    });
    scope.setErrorHandler<FastifyError>((error, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'sign-in page failed');
      const message =
        status >= 500
          ? 'Something went wrong on our side. Please try again in a moment.'
          : 'The request could not be read. Please go back and try again.';
      return sendPage(reply, status, problemPage(site, 'Something went wrong', message));
    });
    const limits = createFormLimits(scope);
    const mailboxUrl = mailboxPath(config);
    await scope.register(
      signInRoutes({ provider, accounts, site, limits, ...(mailboxUrl ? { mailboxUrl } : {}) }),
    );
    await scope.register(accountLinkRoutes({ accounts, site, limits }));
  });

  const cleanUp = () =>
    Promise.all([deleteExpiredProviderState(db), deleteOldLinkTokens(db)]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not delete expired sign-in state'),
    );
  const timer = setInterval(() => void cleanUp(), CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await accounts.settle();
  });
}
