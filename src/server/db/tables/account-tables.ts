import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';

// Organizations, people and their roles (customer-app §2, admin-app §3); sign-ins ended on one
// device (issue 38 §4).

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  phone: text('phone'),
  website: text('website'),
  // Issue 28 §6: the organization's support line shown on its records; null → the configured default.
  supportText: text('support_text'),
  supportPhone: text('support_phone'),
  supportUrl: text('support_url'),
  // Issue 43 §1: the organization suggests reminders to the people it invites (they accept or not).
  suggestReminders: boolean('suggest_reminders').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    // The identity provider's `sub`; null for a person invited by e-mail who has not signed in yet.
    federatedId: text('federated_id').unique(),
    // Issue 14 §3: ID tokens issued before this (logout, password reset) are refused.
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    // Issue 38 §5 (decision 145): why they were refused (a SignInEndCause: 'everywhere', 'admin',
    // 'password'), so an open screen can say who ended the sign-in.
    signInEndedBy: text('sign_in_ended_by'),
    email: text('email'),
    name: text('name'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    // Issue 30 §6 (decision 131): an erasure of the person began (they can no longer act) and, once
    // every step is done, ended. A row with the first and not the second is resumed at start-up.
    erasureStartedAt: timestamp('erasure_started_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_erasure_pending_idx')
      .on(t.erasureStartedAt)
      .where(sql`${t.erasureStartedAt} is not null and ${t.erasedAt} is null`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/**
 * Issue 38 §4 (decision 145): sign-ins ended on one device (Logout), by the token's session id
 * (`sid`, or the token's own hash when the issuer gives none). Tokens naming one are refused; the
 * other devices' are not. Rows outlive every ID token that could name them, then are deleted.
 */
export const endedSignIns = pgTable(
  'ended_sign_ins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signInId: text('sign_in_id').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.signInId] }), index('ended_sign_ins_ended_idx').on(t.endedAt)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull().unique(),
  },
  (t) => [check('roles_name_check', sql`${t.name} in ('admin', 'customer', 'client', 'user')`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
