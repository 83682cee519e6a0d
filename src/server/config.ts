import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_LIMITS } from '#domain/client-config.ts';
import { hasDirectionControl } from '#domain/direction-controls.ts';
import {
  DEFAULT_SUPPORT_TEXT,
  isSupportPhone,
  SUPPORT_LINE_MESSAGES,
  SUPPORT_TEXT_MAX,
} from '#domain/support-line-rules.ts';
import { DEFAULT_RECORDING_MAX_MINUTES } from '#domain/voice-answers.ts';
import { booleanFlag, booleanFlagOn, optionalText, optionalUrl, trustProxy } from './config-fields.ts';
import {
  type EncryptionConfig,
  encryptionConfigFromEnv,
  encryptionConfigProblems,
} from './db/encryption/encryption-settings.ts';

/**
 * Every environment variable the server reads, parsed once at start-up (DESIGN §1).
 * An unset optional variable selects the embedded default for its concern; a bad value stops
 * the process with a message that names the variable.
 */
export const DEFAULT_QUICK_EXIT_URL = 'https://www.bbc.co.uk/weather';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // Issue 30: the key store of the records' data keys in PostgreSQL mode (`<name>_keys` when unset).
  KEY_DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  OIDC_ISSUER: optionalUrl(['http:', 'https:']),
  OIDC_CLIENT_ID: z.string().trim().min(1).default('life-record-web'),
  OIDC_CLAIMS_NAMESPACE: z.string().trim().min(1).default('https://life-record.app/claims'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Life Record <no-reply@life-record.local>'),
  SUPPORT_EMAIL: z.email().default('support@life-record.local'),
  PRODUCT_NAME: z.string().trim().min(1).max(80).default('Life Record'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Another address for Stripe's API (stripe-mock, a proxy, tests); Stripe's own when unset.
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl(['http:', 'https:']),
  // How long one model call may take before the person is told it timed out (decision 080).
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  // Issue 14 §5: the local mailbox shows reset links; only to this machine unless set.
  MAILBOX_PUBLIC: booleanFlag,
  // Issue 39 §2: the embedded database in a worker thread, off the event loop; on unless set to
  // false, as measured since the work per save fell (decisions 151, 213).
  PGLITE_WORKER: booleanFlagOn,
  // Issue 14 §11: how long a client may take to send a whole request (headers and body).
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  // Issue 25: new work is refused with 503 once the heap holds this share of its limit.
  MEMORY_GUARD_HEAP_FRACTION: z.coerce.number().gt(0).max(1).default(0.75),
  // Scales every per-network (per IP address) limit: sign-in, sign-up and contact-form posts.
  NETWORK_RATE_LIMIT_FACTOR: z.coerce.number().positive().max(10_000).default(1),
  // Issue 39 §4 (decision 150): each account's share; past it only that account waits or is refused.
  FAIR_SHARE_OPERATIONS_PER_SECOND: z.coerce.number().positive().max(100_000).default(20),
  FAIR_SHARE_SENT_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  FAIR_SHARE_RECEIVED_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  FAIR_SHARE_SOCKET_MESSAGES_PER_SECOND: z.coerce.number().positive().max(100_000).default(50),
  FAIR_SHARE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(1_000),
  // Issue 29 §4 (OWASP ASVS V7): the idle time-out the browser applies (minutes; fractions let
  // tests shorten it) and the absolute session lifetime, which the server enforces too (hours).
  SESSION_IDLE_MINUTES: z.coerce.number().min(0.05).max(1440).default(DEFAULT_SESSION_LIMITS.idleMinutes),
  SESSION_MAX_HOURS: z.coerce.number().min(0.01).max(720).default(DEFAULT_SESSION_LIMITS.maxHours),
  // Issue 28 §5: where "Leave quickly" goes: a neutral public page (the one GOV.UK's "Exit this
  // page", researched with survivors of domestic abuse, uses by default).
  QUICK_EXIT_URL: optionalUrl(['https:', 'http:']),
  // Issue 28 §6: the support line shown when a record's organization sets none.
  SUPPORT_LINE_TEXT: optionalText
    .refine(
      (value) => value === undefined || value.length <= SUPPORT_TEXT_MAX,
      SUPPORT_LINE_MESSAGES.textTooLong,
    )
    .refine(
      (value) => value === undefined || !hasDirectionControl(value),
      SUPPORT_LINE_MESSAGES.directionText,
    ),
  SUPPORT_LINE_PHONE: optionalText
    .refine((value) => value === undefined || isSupportPhone(value), SUPPORT_LINE_MESSAGES.phoneFormat)
    .refine(
      (value) => value === undefined || !hasDirectionControl(value),
      SUPPORT_LINE_MESSAGES.directionPhone,
    ),
  // Issue 38 §5: checked on the text as written (a URL parser would percent-encode them).
  SUPPORT_LINE_URL: optionalUrl(['https:', 'http:']).refine(
    (value) => value === undefined || !hasDirectionControl(value),
    SUPPORT_LINE_MESSAGES.directionUrl,
  ),
  // Issue 41 §1: how long one spoken answer may last.
  RECORDING_MAX_MINUTES: z.coerce.number().min(1).max(180).default(DEFAULT_RECORDING_MAX_MINUTES),
  // Issue 41 §5: an OpenAI-compatible /audio/transcriptions endpoint; the OPENAI_* ones when unset.
  TRANSCRIPTION_BASE_URL: optionalUrl(['http:', 'https:']),
  TRANSCRIPTION_API_KEY: optionalText,
  TRANSCRIPTION_MODEL: z.string().trim().min(1).default('whisper-1'),
  // The endpoint's upload limit (OpenAI's: 25 MB); longer recordings are sent in pieces under it.
  TRANSCRIPTION_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(25 * 1024 * 1024),
  // Issue 41 §3 (decision 189): recordings' sealed parts in the database, or an S3-compatible store.
  RECORDING_STORE: z.enum(['database', 's3']).default('database'),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Set by `npm run dev`: the Vite dev server the web client runs on (never honoured in production).
  DEV_CLIENT_ORIGIN: optionalUrl(['http:', 'https:']),
});

export type Config = ReturnType<typeof toConfig> & { encryption: EncryptionConfig };

export class ConfigError extends Error {
  readonly variables: string[];
  constructor(problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.variables = problems.map((p) => p.variable);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const config = {
    ...toConfig(parsed.data),
    encryption: encryptionConfigFromEnv(env, path.resolve(parsed.data.DATA_DIR)),
  };
  const pairProblems = [
    pairProblem('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', config.stripe),
    // Issue 30 §1: a bad key, or none in production, stops the start naming the variable.
    ...encryptionConfigProblems(config.encryption, config.isProduction),
    config.recordings.store.kind === 's3' && config.recordings.store.bucket === ''
      ? { variable: 'S3_BUCKET', message: 'is required when RECORDING_STORE is s3' }
      : undefined,
  ].filter((p) => p !== undefined);
  if (pairProblems.length > 0) throw new ConfigError(pairProblems);
  return config;
}

function pairProblem(
  first: string,
  second: string,
  pair: { secretKey?: string; webhookSecret?: string } | undefined,
) {
  if (!pair) return undefined;
  if (pair.secretKey && !pair.webhookSecret)
    return { variable: second, message: `is required when ${first} is set` };
  if (!pair.secretKey && pair.webhookSecret)
    return { variable: first, message: `is required when ${second} is set` };
  return undefined;
}

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const embeddedIdp = env.OIDC_ISSUER === undefined;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    productName: env.PRODUCT_NAME,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    memoryGuardHeapFraction: env.MEMORY_GUARD_HEAP_FRACTION,
    mailboxPublic: env.MAILBOX_PUBLIC,
    pgliteInWorker: env.PGLITE_WORKER,
    networkRateLimitFactor: env.NETWORK_RATE_LIMIT_FACTOR,
    fairShare: fairShareSettings(env),
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS },
    quickExitUrl: env.QUICK_EXIT_URL ?? DEFAULT_QUICK_EXIT_URL,
    supportLine: {
      text: env.SUPPORT_LINE_TEXT ?? DEFAULT_SUPPORT_TEXT,
      phone: env.SUPPORT_LINE_PHONE ?? null,
      url: env.SUPPORT_LINE_URL ?? null,
    },
    // Never honoured in production.
    devClientOrigin:
      env.NODE_ENV === 'production' || !env.DEV_CLIENT_ORIGIN
        ? undefined
        : new URL(env.DEV_CLIENT_ORIGIN).origin,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'pg') } as const),
    oidc: {
      embedded: embeddedIdp,
      issuer: trimSlash(env.OIDC_ISSUER ?? `${publicUrl}/oidc`),
      clientId: env.OIDC_CLIENT_ID,
      claimsNamespace: env.OIDC_CLAIMS_NAMESPACE,
    },
    mail: {
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      transport: env.SMTP_URL
        ? ({ kind: 'smtp', url: env.SMTP_URL } as const)
        : ({ kind: 'outbox', dir: path.join(dataDir, 'outbox') } as const),
    },
    stripe:
      env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
          }
        : undefined,
    recordings: recordingSettings(env),
    // A base URL alone is enough for local OpenAI-compatible servers (Ollama, vLLM) that need no key.
    openai:
      env.OPENAI_API_KEY || env.OPENAI_BASE_URL
        ? {
            apiKey: env.OPENAI_API_KEY ?? 'not-needed',
            baseUrl: env.OPENAI_BASE_URL,
            timeoutMs: env.OPENAI_TIMEOUT_MS,
          }
        : undefined,
  };
}

/**
 * Issue 39 §4: the budgets; each holds a few seconds' worth (the burst) so a tab opening, or a
 * record screen sending what it held while offline, is never slowed.
 */
function fairShareSettings(env: z.infer<typeof envSchema>) {
  const rule = (perSecond: number, seconds: number) => ({ perSecond, burst: perSecond * seconds });
  return {
    operations: rule(env.FAIR_SHARE_OPERATIONS_PER_SECOND, 3),
    sentBytes: rule(env.FAIR_SHARE_SENT_BYTES_PER_SECOND, 4),
    receivedBytes: rule(env.FAIR_SHARE_RECEIVED_BYTES_PER_SECOND, 2),
    socketMessages: rule(env.FAIR_SHARE_SOCKET_MESSAGES_PER_SECOND, 2),
    maxWaitMs: env.FAIR_SHARE_MAX_WAIT_MS,
  };
}

/** Issue 41: recordings' length and transcription endpoint (decisions 185–187). */
function recordingSettings(env: z.infer<typeof envSchema>) {
  const baseUrl = env.TRANSCRIPTION_BASE_URL ?? env.OPENAI_BASE_URL;
  const apiKey = env.TRANSCRIPTION_API_KEY ?? env.OPENAI_API_KEY;
  return {
    maxMinutes: env.RECORDING_MAX_MINUTES,
    store:
      env.RECORDING_STORE === 's3'
        ? {
            kind: 's3' as const,
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : { kind: 'database' as const },
    transcription:
      baseUrl || apiKey
        ? {
            baseUrl,
            apiKey: apiKey ?? 'not-needed',
            model: env.TRANSCRIPTION_MODEL,
            maxBytes: env.TRANSCRIPTION_MAX_BYTES,
            timeoutMs: Math.max(env.OPENAI_TIMEOUT_MS, 120_000),
          }
        : undefined,
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
