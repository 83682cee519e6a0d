import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { refusalsAtDebugLevel } from './log-refusals.ts';
import { fastifyErrorSerializer, requestLogSerializer } from './log-serializers.ts';
import { bookRoutes } from './modules/book/book-routes.ts';
import { erasureRoutes } from './modules/erasure/erasure-routes.ts';
import type { DataKeyShredder } from './modules/erasure/erasure-service.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { meRoutes } from './modules/identity/me-routes.ts';
import { endProviderSession } from './modules/idp/oidc-adapter.ts';
import { invitationRoutes } from './modules/invitations/invitation-routes.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox-routes.ts';
import { checkoutRoutes } from './modules/payments/checkout-routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook-routes.ts';
import { placementFor } from './modules/recordings/placement-for.ts';
import { recordingRoutes } from './modules/recordings/recording-routes.ts';
import { eraseRecordingsOf } from './modules/recordings/recording-service.ts';
import { personalDataRoutes } from './modules/records/personal-data-routes.ts';
import { reminderRoutes } from './modules/reminders/reminder-routes.ts';
import type { ReminderOptions } from './modules/reminders/reminder-runner.ts';
import { reportRoutes } from './modules/reports/report-routes.ts';
import { pageAssetRoutes } from './modules/server-pages/page-assets.ts';
import { supportRoutes } from './modules/support/support-routes.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { aiPlugin } from './plugins/ai.ts';
import { apiCacheControlPlugin } from './plugins/api-cache-control.ts';
import { authPlugin } from './plugins/auth.ts';
import { controlSocketPlugin } from './plugins/control-socket.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { graphqlPlugin } from './plugins/graphql.ts';
import { identityProviderPlugin } from './plugins/identity-provider.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { type JobQueueTuning, jobsPlugin } from './plugins/jobs.ts';
import { mailPlugin } from './plugins/mail.ts';
import { memoryGuardPlugin } from './plugins/memory-guard.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { recordChangesPlugin } from './plugins/record-changes.ts';
import { requestTimeoutPlugin } from './plugins/request-timeout.ts';
import { responseCompressionPlugin } from './plugins/response-compression.ts';
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
  /** Serve the CLI on DATA_DIR/control.sock (PGlite only): main.ts asks, tests only when they test it. */
  controlSocket?: boolean;
  /**
   * Destroys records' data keys when a person is erased (issue 30 §6): the key store apart from the
   * database (decision 130) unless a test passes one that records the calls.
   */
  dataKeys?: DataKeyShredder;
  /** The job queue's polling and shutdown grace (tests shorten them; decision 180). */
  jobQueue?: JobQueueTuning;
  /** Issue 43: the reminders' clock and retry delay (tests control them). */
  reminders?: Partial<ReminderOptions>;
  /** Where the log's lines go (standard output unless a test reads them). */
  logStream?: { write(line: string): void };
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** Builds the whole server without listening (STYLE: buildApp separate from listen). */
export async function buildApp({
  config,
  database,
  clientDir,
  mailer,
  controlSocket,
  dataKeys,
  jobQueue,
  reminders,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Answers are sensitive: never log bodies, and keep tokens out of logged headers.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Mailed link tokens and logout hints travel in query strings.
      serializers: { req: requestLogSerializer, err: fastifyErrorSerializer },
      hooks: { logMethod: refusalsAtDebugLevel },
      ...(logStream ? { stream: logStream } : {}),
    },
    // A hop count trusts the nearest n proxies (as proxy-addr does for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Issue 29 §1: an audit entry names its request; ids unique across restarts and instances.
    genReqId: () => randomUUID(),
    // Issue 14 §11: a client sending its request slowly (a byte at a time) is cut off rather than
    // holding a connection for minutes; idle sockets close too (WebSockets ping every 30 s).
    requestTimeout: config.requestTimeoutMs,
    // Node checks for requests over their time every 30 s by default: often enough to honour it.
    http: {
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.requestTimeoutMs / 2)),
      headersTimeout: Math.min(20_000, config.requestTimeoutMs),
    },
    connectionTimeout: 10 * 60_000,
    keepAliveTimeout: 65_000,
  });

  await app.register(databasePlugin, { config, database });
  // Early: modules register their kinds of job as they are registered, and it starts first when ready.
  await app.register(jobsPlugin, { tuning: jobQueue });
  await app.register(errorHandlerPlugin);
  await app.register(memoryGuardPlugin, { heapFraction: config.memoryGuardHeapFraction });
  await app.register(inputGuardPlugin);
  await app.register(requestTimeoutPlugin, { timeoutMs: config.requestTimeoutMs });
  await app.register(responseCompressionPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(mailPlugin, mailer ? { mailer } : {});
  await app.register(paymentsPlugin);
  // Before the sign-in's writers of records (auth, viewer cache, the identity provider) need it.
  await app.register(recordChangesPlugin);
  await app.register(authPlugin);
  await app.register(apiCacheControlPlugin);
  await app.register(viewerCachePlugin);
  await app.register(aiPlugin);
  await app.register(pageAssetRoutes);
  await app.register(identityProviderPlugin);
  await app.register(mailboxRoutes);
  await app.register(healthRoutes);
  await app.register(meRoutes, config.oidc.embedded ? { endProviderSession } : {});
  await app.register(personalDataRoutes);
  await app.register(supportRoutes);
  await app.register(graphqlPlugin);
  await app.register(usersRoutes);
  // Issue 41 §3: where recordings' sealed parts lie, shared by their routes and the erasure.
  const recordingPlacement = placementFor(config);
  await app.register(erasureRoutes, {
    dataKeys: dataKeys ?? database.vault,
    recordings: {
      eraseRecordingsOf: (recordIds) =>
        eraseRecordingsOf({ database, placement: recordingPlacement }, recordIds),
    },
  });
  await app.register(reportRoutes);
  // Issue 41: spoken answers (resumable sealed uploads, playback, transcription).
  await app.register(recordingRoutes, { placement: recordingPlacement });
  // Issue 42: the person's own book (PDF, Word, EPUB).
  await app.register(bookRoutes);
  // Issue 43: reminders a person controls, sent as jobs on the durable queue.
  await app.register(reminderRoutes, reminders ?? {});
  await app.register(invitationRoutes);
  await app.register(checkoutRoutes);
  // Encapsulated: its raw-body JSON parser serves the webhook only.
  await app.register(stripeWebhookRoutes);
  await app.register(controlSocketPlugin, { enabled: controlSocket ?? false });
  await app.register(webClientPlugin, { clientDir: clientDir ?? defaultClientDir });
  return app;
}
