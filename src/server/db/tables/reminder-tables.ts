import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { users } from './account-tables.ts';
import { lifeRecords } from './record-tables.ts';

// Gentle reminders and the mail that could not be delivered (issue 43).

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
      .references(() => lifeRecords.id, { onDelete: 'cascade' }),
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
    recordId: uuid('record_id').references(() => lifeRecords.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id'),
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: createdAt(),
  },
  (t) => [index('mail_failures_failed_idx').on(t.failedAt.desc())],
);
