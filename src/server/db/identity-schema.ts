import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

// The embedded OpenID provider's accounts and state, the server's secrets and its rate-limit counts
// (DESIGN §1, §5): kept apart from the product's data model in schema.ts.

/** Accounts of the embedded OpenID provider: the identity, separate from the product's users. */
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idp_accounts_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Single-use links mailed by the embedded provider; only a hash of the token is stored. */
export const idpAccountTokens = pgTable(
  'idp_account_tokens',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('idp_account_tokens_purpose_check', sql`${t.purpose} in ('verify-email', 'reset-password')`)],
);

const sealedBytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * oidc-provider's adapter storage (sessions, grants, codes, tokens) so state survives restarts.
 * Issue 38 §1 (decision 140): a token's id is its value, so `id` holds its SHA-256 only and the
 * payload (which repeats it) is sealed with the key-encryption key; `account_id` is the one field
 * SQL needs from it (signing an account out everywhere).
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: sealedBytes('payload').notNull(),
    kekId: text('kek_id').notNull(),
    accountId: text('account_id'),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
    index('oidc_payloads_account_idx').on(t.accountId),
  ],
);

/**
 * Generated secrets shared by every server instance (signing keys, cookie keys). Issue 38 §1
 * (decision 140): sealed with the key-encryption key (`sealed`, under `kek_id`); `value` is the
 * plaintext of before, emptied at start-up (seal-server-secrets.ts).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value'),
  sealed: sealedBytes('sealed'),
  kekId: text('kek_id'),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters shared by every server instance (issue 14 §4): a fixed window per key, kept
 * and counted in one statement (modules/rate-limits). Keys name the limit and who it counts.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowStartedAt)],
);
