import {
  type Actor,
  decide,
  decideOrganization,
  decideRecord,
  RECORD_NOT_FOUND_MESSAGE,
} from '#domain/permissions.ts';
import { formOfRecord } from '#domain/record-form.ts';
import { answeredOfRecordData } from '#domain/record-form-data.ts';
import { recordProgress } from '#domain/record-progress.ts';
import {
  DEFAULT_REMINDER_SETTING,
  type ReminderSetting,
  reminderSettingSchema,
  snoozedUntil,
} from '#domain/reminders.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type AuditRequest, auditOwnAction, auditOwnActionByLink } from '../audit/audit-service.ts';
import { formsOfVersions } from '../form-versions/form-version-service.ts';
import { actorReader, answersOf, openRecord } from '../records/open-records.ts';
import { getRecord } from '../records/record-service.ts';
import * as store from './reminder-repository.ts';
import type { ReminderRunner } from './reminder-runner.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * Issue 43 (decision 195): the reminder setting of a record. Only its owner reads or sets it
 * (`decideRecord 'setReminders'`); every change is an entry of their own audit list. An
 * organization sees, per record, its progress, last activity and whether reminders are on.
 */
export const REMINDER_SERVICE_MESSAGES = {
  notOwner: 'Only the person whose record this is can set its reminders.',
  submitted: 'This record was sent: there is nothing left to remind you of.',
  unsubscribeInvalid:
    'This link to stop reminders is not valid. Change your reminders in your record instead.',
  unsubscribeExpired:
    'This link to stop reminders has expired. Change your reminders in your record instead.',
} as const;

export interface ReminderModel {
  recordId: string;
  setting: ReminderSetting;
  /** Whether the person chose it (false: the defaults, never saved). */
  saved: boolean;
  nextSendAt: string | null;
  snoozedUntil: string | null;
  /** Issue 43 §1: the organization suggests reminders and the person has not chosen yet. */
  suggested: boolean;
}

const messages = { notFound: RECORD_NOT_FOUND_MESSAGE, forbidden: REMINDER_SERVICE_MESSAGES.notOwner };

async function ownedRecord(deps: ServiceDeps, actor: Actor | null, recordId: string) {
  if (!actor) return denial('unauthenticated');
  if (!isUuid(recordId)) return denial('not-found', messages);
  const read = await getRecord(deps, actor, recordId, null);
  if (!read.ok) return read.failure.code === 'NOT_FOUND' ? denial('not-found', messages) : read;
  const refused = refusal(decideRecord(actor, 'setReminders', read.value), messages);
  return refused ?? ok(read.value);
}

function modelOf(recordId: string, row: store.ReminderRow | undefined, suggested: boolean): ReminderModel {
  return {
    recordId,
    setting: store.settingOf(row) ?? DEFAULT_REMINDER_SETTING,
    saved: row !== undefined,
    nextSendAt: row?.nextSendAt?.toISOString() ?? null,
    snoozedUntil: row?.snoozedUntil?.toISOString() ?? null,
    suggested: row === undefined && suggested,
  };
}

export async function readReminder(
  deps: ServiceDeps,
  actor: Actor | null,
  recordId: string,
): Promise<Result<ReminderModel>> {
  const record = await ownedRecord(deps, actor, recordId);
  if (!record.ok) return record;
  const row = await store.findReminder(deps.database, recordId);
  return ok(
    modelOf(recordId, row, await store.organizationSuggests(deps.database, record.value.organizationId)),
  );
}

export interface OwnReminderModel extends ReminderModel {
  typeName: string;
  submitted: boolean;
}

/** Account (issue 43 §1): the setting of each of the viewer's own records. */
export async function listOwnReminders(
  deps: ServiceDeps,
  actor: Actor | null,
): Promise<Result<OwnReminderModel[]>> {
  if (!actor) return denial('unauthenticated');
  const rows = await store.ownRecordsWithReminders(deps.database, actor.userId);
  const models: OwnReminderModel[] = [];
  for (const row of rows) {
    const suggested = await store.organizationSuggests(deps.database, row.organizationId);
    models.push({
      ...modelOf(row.recordId, row.reminder ?? undefined, suggested),
      typeName: row.typeName,
      submitted: row.submitted,
    });
  }
  return ok(models);
}

export async function setReminder(
  deps: ServiceDeps,
  runner: ReminderRunner,
  asked: AuditRequest | null,
  recordId: string,
  body: unknown,
): Promise<Result<ReminderModel>> {
  const record = await ownedRecord(deps, asked?.viewer ?? null, recordId);
  if (!record.ok || !asked) return record.ok ? denial('unauthenticated') : record;
  const input = reminderSettingSchema.safeParse(body ?? {});
  if (!input.success)
    return fail('BAD_USER_INPUT', input.error.issues[0]?.message ?? 'Invalid reminder setting.');
  if (record.value.submitted && input.data.frequency !== 'off')
    return fail('CONFLICT', REMINDER_SERVICE_MESSAGES.submitted);
  const stored = await store.upsertReminder(deps.database, recordId, asked.viewer.userId, {
    ...input.data,
    // A new choice ends a snooze: the person just said when they want to hear from us.
    snoozedUntil: null,
  });
  await auditOwnAction(deps, asked, { recordId, action: 'reminders.set' });
  return ok(modelOf(recordId, await runner.schedule(stored), false));
}

export async function snoozeReminder(
  deps: ServiceDeps,
  runner: ReminderRunner,
  asked: AuditRequest | null,
  recordId: string,
): Promise<Result<ReminderModel>> {
  const record = await ownedRecord(deps, asked?.viewer ?? null, recordId);
  if (!record.ok || !asked) return record.ok ? denial('unauthenticated') : record;
  const row = await store.findReminder(deps.database, recordId);
  if (!row || row.frequency === 'off')
    return fail('CONFLICT', 'Reminders are off: there is nothing to snooze.');
  const stored = await store.upsertReminder(deps.database, recordId, row.ownerId, {
    snoozedUntil: snoozedUntil(runner.now()),
  });
  await auditOwnAction(deps, asked, { recordId, action: 'reminders.snoozed' });
  return ok(modelOf(recordId, await runner.schedule(stored), false));
}

/** RFC 8058 one-click: the token alone turns the record's reminders off (no sign-in). */
export async function unsubscribe(
  deps: ServiceDeps,
  runner: ReminderRunner,
  token: string,
  requestId: string | null,
): Promise<Result<{ off: true }>> {
  const read = await readUnsubscribeToken(deps.database, token, runner.now());
  if (read.status === 'expired') return fail('BAD_USER_INPUT', REMINDER_SERVICE_MESSAGES.unsubscribeExpired);
  if (read.status === 'invalid') return fail('BAD_USER_INPUT', REMINDER_SERVICE_MESSAGES.unsubscribeInvalid);
  const row = await store.findReminder(deps.database, read.recordId);
  // Another owner since (never, today) or already off: nothing to do, and the answer is the same.
  if (!row || row.ownerId !== read.ownerId || row.frequency === 'off') return ok({ off: true });
  const stored = await store.upsertReminder(deps.database, row.recordId, row.ownerId, { frequency: 'off' });
  await runner.schedule(stored);
  await auditOwnActionByLink(deps, {
    ownerId: row.ownerId,
    recordId: row.recordId,
    action: 'reminders.unsubscribed',
    requestId,
  });
  return ok({ off: true });
}

export interface RecordActivityModel {
  recordId: string;
  name: string | null;
  /** Whole percent of required visible questions answered (record-progress.ts); never an answer. */
  percent: number | null;
  lastActivity: string;
  submitted: boolean;
  remindersOn: boolean;
}

/**
 * Issue 43 §5: the organization's view of its invited records: progress, last activity and whether
 * reminders are on. The answers are read on the server only to count them; none leaves it.
 */
export async function organizationRecordActivity(
  deps: ServiceDeps,
  actor: Actor | null,
  organizationId: string,
): Promise<Result<{ suggestReminders: boolean; records: RecordActivityModel[] }>> {
  if (!isUuid(organizationId)) return denial(actor ? 'not-found' : 'unauthenticated');
  const refused = refusal(decideOrganization(actor, 'readRecords', organizationId));
  if (refused) return refused;
  const rows = await store.recordsOfOrganization(deps.database, organizationId);
  const on = await store.remindersOnOf(
    deps.database,
    rows.map((row) => row.id),
  );
  const models: RecordActivityModel[] = [];
  for (const row of rows) {
    models.push({
      recordId: row.id,
      name: row.invitedName,
      percent: row.clientId ? await percentOf(deps, row.clientId, row.id) : null,
      lastActivity: row.updatedAt.toISOString(),
      submitted: row.submitted,
      remindersOn: on.has(row.id),
    });
  }
  return ok({
    suggestReminders: await store.organizationSuggests(deps.database, organizationId),
    records: models,
  });
}

async function percentOf(deps: ServiceDeps, ownerId: string, recordId: string): Promise<number | null> {
  const owner = { userId: ownerId, organizationId: null, roles: [] };
  const read = await getRecord(deps, owner, recordId);
  if (!read.ok || read.value.unreadable) return null;
  const data = await openRecord(actorReader(deps, owner), answersOf(read.value), 'owner.use');
  const key = `${read.value.inventoryTypeId}/${read.value.formVersion}`;
  const form = formOfRecord((await formsOfVersions(deps, [key])).get(key), data);
  return form.ok ? recordProgress(form.form, answeredOfRecordData(data)).percent : null;
}

export async function setOrganizationSuggestion(
  deps: ServiceDeps,
  actor: Actor | null,
  organizationId: string,
  body: unknown,
): Promise<Result<{ suggest: boolean }>> {
  if (!isUuid(organizationId)) return denial(actor ? 'not-found' : 'unauthenticated');
  const refused = refusal(decideOrganization(actor, 'suggestReminders', organizationId));
  if (refused) return refused;
  const suggest = (body as { suggest?: unknown } | null)?.suggest;
  if (typeof suggest !== 'boolean')
    return fail('BAD_USER_INPUT', 'Say whether to suggest reminders (true or false).');
  if (!(await store.setOrganizationSuggestion(deps.database, organizationId, suggest)))
    return fail('NOT_FOUND', 'Organization not found.');
  return ok({ suggest });
}

export interface MailFailureModel {
  id: string;
  kind: string;
  recordId: string | null;
  reason: string;
  attempts: number;
  failedAt: string;
}

/** Issue 43 §4: the admin Mail view: mails that kept failing, with the reason. */
export async function listMailFailures(
  deps: ServiceDeps,
  actor: Actor | null,
): Promise<Result<MailFailureModel[]>> {
  const refused = refusal(decide(actor, 'mail.failures'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused) return refused;
  const rows = await store.listMailFailures(deps.database);
  return ok(
    rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      recordId: row.recordId,
      reason: row.reason,
      attempts: row.attempts,
      failedAt: row.failedAt.toISOString(),
    })),
  );
}
