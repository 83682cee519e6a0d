import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/** oidc-provider's adapter storage (sessions, grants, codes, tokens) so state survives restarts. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
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
  ],
);

/** Generated secrets shared by every server instance (signing keys, cookie keys). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
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
