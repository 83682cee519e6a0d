import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ERASED_PERSON_NAME } from '#domain/erasure.ts';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { auditEntries, lifeRecords, organizations, reportGenerations, users } from '../../db/schema.ts';

/** Who acted, as the entry keeps it (names as they were at the time: decision 122). */
export interface AuditActor {
  actorId: string;
  actorName: string | null;
  actorRole: string;
  /** The actor's organization, whose name the statement looks up as it writes. */
  organizationId: string | null;
  requestId: string | null;
}

/** One entry as the lists show it. */
export interface AuditEntryModel {
  id: string;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorRole: string;
  actorOrganization: string | null;
  subjectId: string | null;
  subjectName: string | null;
  recordId: string | null;
  action: string;
  provider: string | null;
  model: string | null;
  requestId: string | null;
}

type AuditEntryRow = ColumnsOfRow<
  typeof auditEntries,
  | 'id'
  | 'at'
  | 'actor_id'
  | 'actor_name'
  | 'actor_role'
  | 'actor_organization'
  | 'subject_id'
  | 'record_id'
  | 'action'
  | 'provider'
  | 'model'
  | 'request_id'
> & { subject_name: string | null };

function toModel(row: AuditEntryRow): AuditEntryModel {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorRole: row.actor_role,
    actorOrganization: row.actor_organization,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    recordId: row.record_id,
    action: row.action,
    provider: row.provider,
    model: row.model,
    requestId: row.request_id,
  };
}

const a = auditEntries;
const INSERT_COLUMNS = sql`${a} (${column(a.actorId)}, ${column(a.actorName)}, ${column(a.actorRole)},
  ${column(a.actorOrganization)}, ${column(a.subjectId)}, ${column(a.recordId)}, ${column(a.action)},
  ${column(a.provider)}, ${column(a.model)}, ${column(a.requestId)})`;
// The actor's organization is named as it is when the entry is written (decision 122).
const ACTOR_VALUES = sql`${value('actorId')}::uuid, ${value('actorName')}::text, ${value('actorRole')}::text,
  (select ${organizations.name} from ${organizations} where ${organizations.id} = ${value('organizationId')}::uuid)`;
const actorValues = (actor: AuditActor) => ({
  actorId: actor.actorId,
  actorName: actor.actorName,
  actorRole: actor.actorRole,
  organizationId: actor.organizationId,
  requestId: actor.requestId,
});

const INSERT_RECORD_ENTRIES = prepared<{ record_id: string }>(
  'audit-insert-record-entries',
  sql`insert into ${INSERT_COLUMNS}
      select ${ACTOR_VALUES}, ${lifeRecords.clientId}, ${lifeRecords.id}, e.action, e.provider, e.model, ${value('requestId')}::text
      from unnest(${value('recordIds')}::uuid[], ${value('actions')}::text[], ${value('providers')}::text[],
                  ${value('models')}::text[]) as e(record_id, action, provider, model)
      join ${lifeRecords} on ${lifeRecords.id} = e.record_id
      where ${lifeRecords.clientId} is not null and ${lifeRecords.clientId} <> ${value('actorId')}::uuid
      returning ${column(a.recordId)} as record_id`,
);

/**
 * One entry per record read or sent, in one statement. The record's owner is read as the entry is
 * written: no entry for the owner's own reads, none for a credit (a record nobody owns yet).
 * Answers the ids of the records that got an entry.
 */
export async function insertRecordEntries(
  database: Database,
  actor: AuditActor,
  entries: readonly { recordId: string; action: string; provider?: string | null; model?: string | null }[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = await runPrepared(database, INSERT_RECORD_ENTRIES, {
    ...actorValues(actor),
    recordIds: entries.map((entry) => entry.recordId),
    actions: entries.map((entry) => entry.action),
    providers: entries.map((entry) => entry.provider ?? null),
    models: entries.map((entry) => entry.model ?? null),
  });
  return rows.map((row) => row.record_id);
}

const INSERT_ENTRY = prepared(
  'audit-insert-entry',
  sql`insert into ${INSERT_COLUMNS}
      values (${ACTOR_VALUES}, ${value('subjectId')}::uuid, ${value('recordId')}::uuid, ${value('action')}::text,
              ${value('provider')}::text, ${value('model')}::text, ${value('requestId')}::text)`,
);

/** An entry about a person's answers that belong to no record (the wizard), or the owner's own choice. */
export async function insertEntry(
  database: Database,
  actor: AuditActor,
  entry: {
    subjectId: string;
    recordId: string | null;
    action: string;
    provider?: string | null;
    model?: string | null;
  },
): Promise<void> {
  await runPrepared(database, INSERT_ENTRY, {
    ...actorValues(actor),
    subjectId: entry.subjectId,
    recordId: entry.recordId,
    action: entry.action,
    provider: entry.provider ?? null,
    model: entry.model ?? null,
  });
}

const g = reportGenerations;
// Data-modifying WITH queries always run to completion, referenced or not (PostgreSQL §7.8.4).
const READ_GENERATION = prepared<{
  record_id: string;
  response: Uint8Array | null;
  model: string | null;
  date_generated: Date;
}>(
  'audit-read-generation',
  sql`with generation as (
        select ${g.reportId} as report_id, ${g.response} as response, ${g.model} as model,
               ${g.dateGenerated} as date_generated, ${lifeRecords.clientId} as client
        from ${g} join ${lifeRecords} on ${lifeRecords.id} = ${g.reportId} where ${g.id} = ${value('generationId')}::uuid
      ), entry as (
        insert into ${INSERT_COLUMNS}
        select ${ACTOR_VALUES}, gen.client, gen.report_id, ${value('action')}::text, null, gen.model, ${value('requestId')}::text
        from generation gen where gen.client is not null and gen.client <> ${value('actorId')}::uuid
        returning 1
      )
      select report_id as record_id, response, model, date_generated from generation`,
);

/**
 * A generation's sealed text with the entry of its reading, in one statement (so in one
 * transaction): the text comes back only if its entry was written. Null when there is no such
 * generation. Opened by the records module's door (open-records.ts), like every sealed value.
 */
export async function readGenerationWithEntry(
  database: Database,
  actor: AuditActor,
  generationId: string,
  action: string,
): Promise<{
  recordId: string;
  response: Uint8Array | null;
  model: string | null;
  dateGenerated: Date;
} | null> {
  const [row] = await runPrepared(database, READ_GENERATION, { ...actorValues(actor), generationId, action });
  if (!row) return null;
  return {
    recordId: row.record_id,
    response: row.response,
    model: row.model,
    dateGenerated: row.date_generated,
  };
}

const subject = alias(users, 'subject');
const actor = alias(users, 'actor');
// Issue 30 §6 (decision 131): entries are kept as written (append-only, GDPR Art. 17(3)(b)/(e)),
// but wherever they are shown or searched, a person whose erasure began is named only as erased.
// A constant of ours (no quote in it), written into the statement: prepared statements take values by name only.
const ERASED_NAME = sql.raw(`'${ERASED_PERSON_NAME}'::text`);
const ACTOR_NAME = sql`case when ${actor.erasureStartedAt} is not null then ${ERASED_NAME} else ${a.actorName} end`;
const SUBJECT_NAME = sql`case when ${subject.erasureStartedAt} is not null then ${ERASED_NAME} else ${subject.name} end`;
const ENTRY_PEOPLE = sql`${a} left join ${users} subject on ${subject.id} = ${a.subjectId}
  left join ${users} actor on ${actor.id} = ${a.actorId}`;
const SELECT_ENTRIES = sql`select ${a.id}, ${a.at}, ${a.actorId}, ${ACTOR_NAME} as actor_name, ${a.actorRole},
    ${a.actorOrganization}, ${a.subjectId}, ${SUBJECT_NAME} as subject_name, ${a.recordId}, ${a.action},
    ${a.provider}, ${a.model}, ${a.requestId}
  from ${ENTRY_PEOPLE}`;

const SUBJECT_FILTER = sql`${a.subjectId} = ${value('subjectId')}::uuid
  and (${value('recordId')}::uuid is null or ${a.recordId} = ${value('recordId')}::uuid)`;
const SUBJECT_COUNT = prepared<{ total: number }>(
  'audit-subject-count',
  sql`select count(*)::int as total from ${a} where ${SUBJECT_FILTER}`,
);
const SUBJECT_PAGE = prepared<AuditEntryRow>(
  'audit-subject-page',
  sql`${SELECT_ENTRIES} where ${SUBJECT_FILTER} order by ${a.seq} desc
      limit ${value('limit')}::int offset ${value('offset')}::int`,
);

/** The entries about one person (optionally one record of theirs), newest first. */
export async function entriesOfSubject(
  database: Database,
  query: { subjectId: string; recordId: string | null; limit: number; offset: number },
): Promise<{ rows: AuditEntryModel[]; total: number }> {
  const filter = { subjectId: query.subjectId, recordId: query.recordId };
  const [count] = await runPrepared(database, SUBJECT_COUNT, filter);
  const rows =
    query.limit === 0
      ? []
      : await runPrepared(database, SUBJECT_PAGE, { ...filter, limit: query.limit, offset: query.offset });
  return { rows: rows.map(toModel), total: count?.total ?? 0 };
}

const likeOf = (search: string) => (search === '' ? '' : `%${search.replace(/[\\%_]/g, '\\$&')}%`);
// Searched by person: the one who acted or the one whose answers they were (issue 29 §2).
const ADMIN_FILTER = sql`(${value('pattern')}::text = '' or ${ACTOR_NAME} ilike ${value('pattern')}::text escape '\\'
    or ${SUBJECT_NAME} ilike ${value('pattern')}::text escape '\\')
  and (${value('recordId')}::uuid is null or ${a.recordId} = ${value('recordId')}::uuid)`;
const ADMIN_COUNT = prepared<{ total: number }>(
  'audit-admin-count',
  sql`select count(*)::int as total from ${ENTRY_PEOPLE} where ${ADMIN_FILTER}`,
);
const ADMIN_PAGE = prepared<AuditEntryRow>(
  'audit-admin-page',
  sql`${SELECT_ENTRIES} where ${ADMIN_FILTER} order by ${a.seq} desc
      limit ${value('limit')}::int offset ${value('offset')}::int`,
);

/** The admin console's Audit tab: every entry, searched by person and record, newest first. */
export async function pageOfEntries(
  database: Database,
  query: { search: string; recordId: string | null; limit: number; offset: number },
): Promise<{ rows: AuditEntryModel[]; total: number }> {
  const filter = { pattern: likeOf(query.search), recordId: query.recordId };
  const [count] = await runPrepared(database, ADMIN_COUNT, filter);
  const rows =
    query.limit === 0
      ? []
      : await runPrepared(database, ADMIN_PAGE, { ...filter, limit: query.limit, offset: query.offset });
  return { rows: rows.map(toModel), total: count?.total ?? 0 };
}

const LATEST_CONSENTS = prepared<{ record_id: string; action: string; at: Date }>(
  'audit-latest-consents',
  sql`select distinct on (${a.recordId}) ${a.recordId} as record_id, ${a.action} as action, ${a.at} as at
      from ${a} join ${lifeRecords} on ${lifeRecords.id} = ${a.recordId}
      where ${a.recordId} = any(${value('recordIds')}::uuid[]) and ${a.subjectId} = ${lifeRecords.clientId}
        and ${a.action} in ('ai-consent.given', 'ai-consent.withdrawn')
      order by ${a.recordId}, ${a.seq} desc`,
);

/** issue 29 §3: the owner's latest word on an outside AI, per record (the audit is its one source). */
export async function latestConsents(
  database: Database,
  recordIds: readonly string[],
): Promise<Map<string, { agreed: boolean; at: Date }>> {
  const rows = await runPrepared(database, LATEST_CONSENTS, { recordIds });
  return new Map(
    rows.map((row) => [row.record_id, { agreed: row.action === 'ai-consent.given', at: row.at }]),
  );
}
