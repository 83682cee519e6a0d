import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, id, updatedAt } from './columns.ts';

/**
 * The product's data model (DESIGN §4) for both spec documents; the identity provider's and the
 * server's own state is in identity-schema.ts. Migrations are generated from both files by
 * `npm run db:generate` and checked in under ./migrations.
 */

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

export const inventoryTypes = pgTable('inventory_types', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  // admin-app §3: the default for an empty form.
  form: jsonb('form')
    .notNull()
    .default(sql`'{"formId":"custom-form","formTitle":"Custom Form","steps":[]}'::jsonb`),
  reportQuery: text('report_query'),
  model: text('model'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The published, immutable versions of a type's form (issue 12, decision 100). `inventory_types.form`
 * is the draft the builder edits; "Publish" copies it here as the next number. Records are pinned to
 * one version (reports.form_version), so editing the form never changes a record in progress.
 */
export const inventoryTypeVersions = pgTable(
  'inventory_type_versions',
  {
    inventoryTypeId: uuid('inventory_type_id')
      .notNull()
      .references(() => inventoryTypes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    form: jsonb('form').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    // Null when the first record of a never-published type published it (decision 100).
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryTypeId, t.number] }),
    check('inventory_type_versions_number_positive', sql`${t.number} > 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    credits: integer('credits').notNull(),
    inventoryTypeId: uuid('inventory_type_id')
      .notNull()
      .references(() => inventoryTypes.id, { onDelete: 'restrict' }),
    stripeId: text('stripe_id'),
    stripePaylink: text('stripe_paylink'),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_credits_positive', sql`${t.credits} > 0`),
    check('products_cost_non_negative', sql`${t.cost} >= 0`),
  ],
);

/** One row per completed payment; `provider_ref` unique makes granting credits idempotent. */
export const purchases = pgTable('purchases', {
  id: id(),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref').notNull().unique(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'restrict' }),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  credits: integer('credits').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }),
  createdAt: createdAt(),
});

/**
 * A value sealed by src/server/db/encryption (issue 30): bytes only the server's keys open. PGlite
 * answers bytea as Uint8Array, node-postgres as Buffer.
 */
const sealed = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A record. With `client` null it is an unassigned credit (DESIGN §4). `version` grows by one on
 * every write so that a stale save can never replace newer answers (DESIGN §7).
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
    submitted: boolean('submitted').notNull().default(false),
    clientId: uuid('client').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    inventoryTypeId: uuid('inventory_type_id')
      .notNull()
      .references(() => inventoryTypes.id, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    // Issue 30 (decision 130): the answers, sealed under the record's data key (null: none yet).
    data: sealed('data'),
    // Plaintext answers of before issue 30, emptied by the start-up sealing (sealLegacyRows).
    legacyData: jsonb('legacy_data'),
    // Answer key → the version that last wrote it: a save from an older version never replaces
    // a newer answer (src/domain/record-answers.ts, docs/decisions/012-answer-merge-rule.md).
    answerVersions: jsonb('answer_versions').notNull().default(sql`'{}'::jsonb`),
    report: sealed('report'),
    legacyReport: text('legacy_report'),
    // The name the inviter gave (issue 14 §10): what the organization sees of a person who is
    // not its own, instead of the name they registered with.
    invitedName: text('invited_name'),
    // The form version the record is answered against (issue 12). Set by the database trigger
    // reports_pin_form_version (migration 0007) so that no writer can leave a record unpinned.
    formVersion: integer('form_version'),
    // The row version at which the record last moved to another form (a mapped migration or its
    // undo, issue 26 §3): a save typed against an earlier version was typed against another form,
    // so none of its answers is written (the client maps them and sends them again).
    formChangedVersion: integer('form_changed_version').notNull().default(0),
    // Issue 30 §6 (decision 131): its owner was erased; the row stays (its credit stays used) but
    // holds no answer, narrative or invited name any more, and nobody writes to it again.
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'reports_form_version_fk',
      columns: [t.inventoryTypeId, t.formVersion],
      foreignColumns: [inventoryTypeVersions.inventoryTypeId, inventoryTypeVersions.number],
    }),
    index('reports_client_idx').on(t.clientId),
    index('reports_organization_idx').on(t.organizationId),
    index('reports_unassigned_idx').on(t.organizationId, t.inventoryTypeId).where(sql`${t.clientId} is null`),
    // The admin console's Records tab lists newest first, a page at a time (issue 10).
    index('reports_created_idx').on(t.createdAt, t.id),
    // Versions list how many records use each; a migration walks one version's records by id (issue 12).
    index('reports_form_version_idx').on(t.inventoryTypeId, t.formVersion, t.id),
  ],
);

/**
 * One row per record moved by a mapped migration (issue 12): what the record was before, so the
 * batch can be undone, and its row version after, so an undo never replaces answers typed since.
 */
export const recordMigrations = pgTable(
  'record_migrations',
  {
    id: id(),
    batchId: uuid('batch_id').notNull(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    fromTypeId: uuid('from_type_id').notNull(),
    fromVersion: integer('from_version').notNull(),
    toTypeId: uuid('to_type_id').notNull(),
    toVersion: integer('to_version').notNull(),
    previousData: sealed('previous_data'),
    legacyPreviousData: jsonb('legacy_previous_data'),
    previousAnswerVersions: jsonb('previous_answer_versions').notNull(),
    rowVersionAfter: integer('row_version_after').notNull(),
    // Issue 26 §3: the mapping the admin chose (source key → target key or null), so an open
    // screen typing against the old form can move its unsent answers the same way; and the row
    // version of the undo, when undone.
    answerMapping: jsonb('answer_mapping'),
    rowVersionUndone: integer('row_version_undone'),
    migratedBy: uuid('migrated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('record_migrations_batch_idx').on(t.batchId),
    // Issue 26 §3: every record screen reads its record's form changes.
    index('record_migrations_report_idx').on(t.reportId, t.rowVersionAfter),
  ],
);

export const reportGenerations = pgTable(
  'report_generations',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    dateGenerated: timestamp('date_generated', { withTimezone: true }).notNull().defaultNow(),
    response: sealed('response'),
    legacyResponse: text('legacy_response'),
    model: text('model'),
  },
  (t) => [index('report_generations_report_date_idx').on(t.reportId, t.dateGenerated.desc())],
);

/** Each invitation mail sent for a record, for Re-Send and for the audit trail. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_report_idx').on(t.reportId)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    clientTimestamp: text('client_timestamp'),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_email_created_idx').on(sql`lower(${t.email})`, t.createdAt)],
);

/**
 * Issue 29 §1 (decision 122): who read or sent whose answers, written before the answers leave.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0011). No foreign keys, so
 * an entry outlives the record or person it names; names are kept as they were at the time.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    /** Orders entries exactly, even two written in one transaction (whose now() is the same). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    /** The role the person acted in: admin, customer, client or user. */
    actorRole: text('actor_role').notNull(),
    actorOrganization: text('actor_organization'),
    /** The person whose answers they were (the record's owner then); null for a credit. */
    subjectId: uuid('subject_id'),
    recordId: uuid('record_id'),
    action: text('action').notNull(),
    provider: text('provider'),
    model: text('model'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_entries_subject_idx').on(t.subjectId, t.seq.desc()),
    index('audit_entries_record_idx').on(t.recordId, t.seq.desc()),
    index('audit_entries_seq_idx').on(t.seq.desc()),
  ],
);

/**
 * Issue 42 §4–§5 (docs/decisions/191): a book a person asked for, while it is made and until it
 * expires. Owned by modules/book. What they chose (title, subtitle, sections) and the made file are
 * sealed under the record's data key (purposes `book-request` and `book`), so nothing of their story
 * lies here in the clear, and erasing the record's keys shreds its books too. Expired rows are
 * deleted by the book service.
 */
export const books = pgTable(
  'books',
  {
    id: id(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    /** queued | active | completed | failed */
    state: text('state').notNull().default('queued'),
    /** How far the writer is, in thousandths. */
    progress: integer('progress_per_mille').notNull().default(0),
    request: sealed('request').notNull(),
    file: sealed('file'),
    fileBytes: integer('file_bytes'),
    /** A message the person can read; never any of their words. */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('books_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('books_expires_idx').on(t.expiresAt),
    check('books_format_check', sql`${t.format} in ('pdf', 'docx', 'epub')`),
    check('books_state_check', sql`${t.state} in ('queued', 'active', 'completed', 'failed')`),
  ],
);

/**
 * Issue 41 §6 (decision 180), owned by modules/jobs: one row beside each job of the queue library's
 * own tables (schema `pgboss`): whom the job is about, so an erasure finds and purges their jobs,
 * and the progress its handler reports. Written in the same transaction as the job; removed once
 * the library has purged the job after its retention.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    /** The library's job id. */
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    /** No foreign key: a user row is never deleted (erasure keeps its id), and this stays apart. */
    personId: uuid('person_id'),
    progress: real('progress').notNull().default(0),
    progressNote: text('progress_note'),
    progressAt: timestamp('progress_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('background_jobs_person_idx').on(t.personId)],
);

/**
 * Issue 41 §3 (decision 186): a spoken answer, owned by modules/recordings. The audio itself is in
 * `recording_parts`, sealed under the record's data key as each part of the resumable upload (tus)
 * arrives, so no audio byte is ever written in the clear, and every server instance reads it. An
 * upload not finished by `expires_at` is deleted (issue 41 §2: 24 hours).
 */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** The answer it answers: a field id of the record's form (issue 41 §1: text and long text). */
    answerKey: text('answer_key').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    mimeType: text('mime_type').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    /** The upload's declared length in bytes (tus Upload-Length); null while deferred. */
    size: bigint('size', { mode: 'number' }),
    /** Bytes received and sealed so far: the tus offset, moved only by a write that expected it. */
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** Where the sealed parts lie: `database` (recording_parts.sealed) or `s3` (RECORDING_STORE). */
    storage: text('storage').notNull().default('database'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('recordings_report_idx').on(t.reportId),
    index('recordings_unfinished_idx').on(t.expiresAt).where(sql`${t.finishedAt} is null`),
    check('recordings_storage_check', sql`${t.storage} in ('database', 's3')`),
  ],
);

/** One sealed part of a recording per tus PATCH (or piece of one), by its byte offset. */
export const recordingParts = pgTable(
  'recording_parts',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    start: bigint('start', { mode: 'number' }).notNull(),
    length: integer('length').notNull(),
    /** The sealed bytes; null when they lie in the S3-compatible store instead. */
    sealed: sealed('sealed'),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.start] })],
);

/**
 * Issue 43 (decision 195), owned by modules/reminders: the reminder setting of a record, chosen by
 * its owner, and where its schedule stands. The job that sends the next one is on the durable queue
 * (`reminders.send`, singleton per record and period); `next_send_at` mirrors its start time.
 */
export const reminders = pgTable(
  'reminders',
  {
    recordId: uuid('record_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** off | weekly | biweekly | monthly */
    frequency: text('frequency').notNull().default('off'),
    /** 0 = Sunday … 6 = Saturday. */
    day: integer('day').notNull().default(0),
    /** Local wall-clock time, HH:MM. */
    time: text('time').notNull().default('18:00'),
    timeZone: text('time_zone').notNull().default('UTC'),
    oneQuestion: boolean('one_question').notNull().default(false),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The local date of the last reminder sent (its period), so a period never gets two. */
    lastPeriod: text('last_period'),
    /** The queued job that sends the next one: cancelled when the setting changes. */
    jobId: uuid('job_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reminders_owner_idx').on(t.ownerId),
    check('reminders_frequency_check', sql`${t.frequency} in ('off', 'weekly', 'biweekly', 'monthly')`),
    check('reminders_day_check', sql`${t.day} between 0 and 6`),
  ],
);

/**
 * Issue 43 §4: a mail that kept failing after every retry, for the admin Mail view: what kind, about
 * which record, the reason (the transport's message, never the mail's text) and when.
 */
export const mailFailures = pgTable(
  'mail_failures',
  {
    id: id(),
    kind: text('kind').notNull(),
    recordId: uuid('record_id').references(() => reports.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id'),
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: createdAt(),
  },
  (t) => [index('mail_failures_failed_idx').on(t.failedAt.desc())],
);
