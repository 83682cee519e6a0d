import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, sealed } from '../columns.ts';
import { users } from './account-tables.ts';
import { lifeRecords } from './record-tables.ts';

// What the server makes in the background: books, voice recordings and their parts, the durable
// job queue's jobs (issues 41, 42).

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
      .references(() => lifeRecords.id, { onDelete: 'cascade' }),
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
      .references(() => lifeRecords.id, { onDelete: 'cascade' }),
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
