import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../columns.ts';

// Support messages and the audit trail a person reads of their own record (issues 20, 28).

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
