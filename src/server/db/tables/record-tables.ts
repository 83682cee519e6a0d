import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, sealed, updatedAt } from '../columns.ts';
import { organizations, users } from './account-tables.ts';
import { inventoryTypes, inventoryTypeVersions, purchases } from './catalog-tables.ts';

// Records, their form migrations, report generations and invitations (DESIGN §4, §7).

/**
 * A record. With `client` null it is an unassigned credit (DESIGN §4). `version` grows by one on
 * every write so that a stale save can never replace newer answers (DESIGN §7).
 */
export const lifeRecords = pgTable(
  'life_records',
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
    // life_records_pin_form_version (migration 0007, renamed in 0020) so that no writer can leave a record unpinned.
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
      name: 'life_records_form_version_fk',
      columns: [t.inventoryTypeId, t.formVersion],
      foreignColumns: [inventoryTypeVersions.inventoryTypeId, inventoryTypeVersions.number],
    }),
    index('life_records_client_idx').on(t.clientId),
    index('life_records_organization_idx').on(t.organizationId),
    index('life_records_unassigned_idx')
      .on(t.organizationId, t.inventoryTypeId)
      .where(sql`${t.clientId} is null`),
    // The admin console's Records tab lists newest first, a page at a time (issue 10).
    index('life_records_created_idx').on(t.createdAt, t.id),
    // Versions list how many records use each; a migration walks one version's records by id (issue 12).
    index('life_records_form_version_idx').on(t.inventoryTypeId, t.formVersion, t.id),
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
      .references(() => lifeRecords.id, { onDelete: 'cascade' }),
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
      .references(() => lifeRecords.id, { onDelete: 'cascade' }),
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
      .references(() => lifeRecords.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_report_idx').on(t.reportId)],
);
