import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ReminderFrequency, ReminderSetting } from '#domain/reminders.ts';
import type { Database } from '../../db/database.ts';
import { idpAccounts } from '../../db/identity-schema.ts';
import {
  inventoryTypes,
  lifeRecords,
  mailFailures,
  organizations,
  reminders,
  users,
} from '../../db/schema.ts';

/** Issue 43 (decision 195): the reminders module owns `reminders` and `mail_failures`. */
export type ReminderRow = typeof reminders.$inferSelect;

export function settingOf(row: ReminderRow | undefined): ReminderSetting | undefined {
  if (!row) return undefined;
  return {
    frequency: row.frequency as ReminderFrequency,
    day: row.day,
    time: row.time,
    timeZone: row.timeZone,
    oneQuestion: row.oneQuestion,
  };
}

export async function findReminder(database: Database, recordId: string): Promise<ReminderRow | undefined> {
  const [row] = await database.db.select().from(reminders).where(eq(reminders.recordId, recordId));
  return row;
}

export async function upsertReminder(
  database: Database,
  recordId: string,
  ownerId: string,
  values: Partial<Omit<ReminderRow, 'recordId' | 'ownerId' | 'updatedAt'>>,
): Promise<ReminderRow> {
  const [row] = await database.db
    .insert(reminders)
    .values({ recordId, ownerId, ...values })
    .onConflictDoUpdate({ target: reminders.recordId, set: { ...values, ownerId, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('reminder not stored');
  return row;
}

/**
 * Marks the period sent, once: false when this period was already marked (a job that ran again
 * after a crash, or another instance), so the caller sends nothing.
 */
export async function claimPeriod(
  database: Database,
  recordId: string,
  period: string,
  sentAt: Date,
): Promise<boolean> {
  const rows = await database.db
    .update(reminders)
    .set({ lastPeriod: period, lastSentAt: sentAt })
    .where(
      and(
        eq(reminders.recordId, recordId),
        or(isNull(reminders.lastPeriod), sql`${reminders.lastPeriod} <> ${period}`),
      ),
    )
    .returning({ recordId: reminders.recordId });
  return rows.length === 1;
}

/** Gives a claimed period back after the mail could not be sent (the retry claims it again). */
export async function releasePeriod(
  database: Database,
  recordId: string,
  previous: { lastPeriod: string | null; lastSentAt: Date | null },
): Promise<void> {
  await database.db.update(reminders).set(previous).where(eq(reminders.recordId, recordId));
}

/** What the suppression rules need about the record and its owner (issue 43 §3). */
export interface ReminderTarget {
  recordId: string;
  ownerId: string;
  email: string | null;
  submitted: boolean;
  lastTypedAt: Date | null;
  erased: boolean;
  addressVerified: boolean;
  organizationId: string | null;
}

export async function findTarget(database: Database, recordId: string): Promise<ReminderTarget | undefined> {
  const [row] = await database.db
    .select({
      recordId: lifeRecords.id,
      ownerId: users.id,
      email: users.email,
      federatedId: users.federatedId,
      submitted: lifeRecords.submitted,
      updatedAt: lifeRecords.updatedAt,
      version: lifeRecords.version,
      recordErased: lifeRecords.erasedAt,
      erasureStarted: users.erasureStartedAt,
      organizationId: lifeRecords.organizationId,
      accountVerified: idpAccounts.emailVerified,
    })
    .from(lifeRecords)
    .innerJoin(users, eq(users.id, lifeRecords.clientId))
    .leftJoin(idpAccounts, sql`lower(${idpAccounts.email}) = lower(${users.email})`)
    .where(eq(lifeRecords.id, recordId));
  if (!row) return undefined;
  return {
    recordId: row.recordId,
    ownerId: row.ownerId,
    email: row.email,
    submitted: row.submitted,
    // A record never saved (version 1, as it was created or invited) has not been typed in.
    lastTypedAt: row.version > 1 ? row.updatedAt : null,
    erased: row.recordErased !== null || row.erasureStarted !== null,
    // Signed in (an invited row links only a verified address) and, with the embedded provider,
    // the account's address verified; a person who never signed in has not confirmed it.
    addressVerified: row.email !== null && row.federatedId !== null && row.accountVerified !== false,
    organizationId: row.organizationId,
  };
}

export async function organizationSuggests(
  database: Database,
  organizationId: string | null,
): Promise<boolean> {
  if (!organizationId) return false;
  const [row] = await database.db
    .select({ suggest: organizations.suggestReminders })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.suggest ?? false;
}

export async function setOrganizationSuggestion(
  database: Database,
  organizationId: string,
  suggest: boolean,
): Promise<boolean> {
  const rows = await database.db
    .update(organizations)
    .set({ suggestReminders: suggest })
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return rows.length === 1;
}

/** Whether reminders are on, for the records of an organization (never the schedule itself). */
export async function remindersOnOf(database: Database, recordIds: readonly string[]): Promise<Set<string>> {
  if (recordIds.length === 0) return new Set();
  const rows = await database.db
    .select({ recordId: reminders.recordId })
    .from(reminders)
    .where(and(inArray(reminders.recordId, [...recordIds]), sql`${reminders.frequency} <> 'off'`));
  return new Set(rows.map((row) => row.recordId));
}

export async function recordsOfOrganization(database: Database, organizationId: string) {
  return database.db
    .select({
      id: lifeRecords.id,
      clientId: lifeRecords.clientId,
      updatedAt: lifeRecords.updatedAt,
      submitted: lifeRecords.submitted,
      invitedName: lifeRecords.invitedName,
    })
    .from(lifeRecords)
    .where(and(eq(lifeRecords.organizationId, organizationId), sql`${lifeRecords.clientId} is not null`))
    .orderBy(desc(lifeRecords.updatedAt))
    .limit(500);
}

export async function insertMailFailure(
  database: Database,
  failure: { kind: string; recordId: string | null; jobId: string; reason: string; attempts: number },
): Promise<void> {
  await database.db.insert(mailFailures).values(failure);
}

export async function listMailFailures(database: Database, limit = 100) {
  return database.db.select().from(mailFailures).orderBy(desc(mailFailures.failedAt)).limit(limit);
}

/** The records a person owns, with their reminder rows (Account: "Your reminders"). */
export async function ownRecordsWithReminders(database: Database, ownerId: string) {
  return database.db
    .select({
      recordId: lifeRecords.id,
      typeName: inventoryTypes.name,
      submitted: lifeRecords.submitted,
      organizationId: lifeRecords.organizationId,
      reminder: reminders,
    })
    .from(lifeRecords)
    .innerJoin(inventoryTypes, eq(inventoryTypes.id, lifeRecords.inventoryTypeId))
    .leftJoin(reminders, eq(reminders.recordId, lifeRecords.id))
    .where(and(eq(lifeRecords.clientId, ownerId), isNull(lifeRecords.erasedAt)))
    .orderBy(desc(lifeRecords.createdAt))
    .limit(100);
}
