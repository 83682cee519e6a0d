import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { meRoutes } from './modules/identity/me-routes.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { apiCacheControlPlugin } from './plugins/api-cache-control.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { graphqlPlugin } from './plugins/graphql.ts';
import { mailPlugin } from './plugins/mail.ts';
import { recordChangesPlugin } from './plugins/record-changes.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { viewerCachePlugin } from './plugins/viewer-cache.ts';
import { webClientPlugin } from './plugins/web-client.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Where the built client lives; tests point it elsewhere. */
  clientDir?: string;
  /** Replaces the configured mailer (tests capturing mail in-process). */
  mailer?: Mailer;
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** Builds the whole server without listening (STYLE: buildApp separate from listen). */
export async function buildApp({
  config,
  database,
  clientDir,
  mailer,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Answers are sensitive: never log bodies, and keep tokens out of logged headers.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  await app.register(databasePlugin, { config, database });
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(mailPlugin, mailer ? { mailer } : {});
  await app.register(authPlugin);
  await app.register(apiCacheControlPlugin);
  await app.register(viewerCachePlugin);
  await app.register(recordChangesPlugin);
  await app.register(healthRoutes);
  await app.register(meRoutes);
  await app.register(graphqlPlugin);
  await app.register(usersRoutes);
  await app.register(webClientPlugin, { clientDir: clientDir ?? defaultClientDir });
  return app;
}
