import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';

/** Who acted, as the entry keeps it (names as they were at the time: decision 122). */
export interface AuditActorRow {
  actorId: string;
  actorName: string | null;
  actorRole: string;
  /** The actor's organization, whose name the statement looks up as it writes. */
  organizationId: string | null;
  requestId: string | null;
}

export interface AuditEntryRow {
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

const ACTOR_VALUES = `$1::uuid, $2::text, $3::text, (select name from organizations where id = $4::uuid)`;
const actorValues = (actor: AuditActorRow) => [
  actor.actorId,
  actor.actorName,
  actor.actorRole,
  actor.organizationId,
];

/**
 * One entry per record read or sent, in one statement. The record's owner is read as the entry is
 * written: no entry for the owner's own reads, none for a credit (a record nobody owns yet).
 * Answers the ids of the records that got an entry.
 */
export async function insertRecordEntries(
  database: Database,
  actor: AuditActorRow,
  entries: readonly { recordId: string; action: string; provider?: string | null; model?: string | null }[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = await runPrepared<{ record_id: string }>(database, {
    name: 'audit-insert-record-entries',
    text: `insert into audit_entries
             (actor_id, actor_name, actor_role, actor_organization, subject_id, record_id, action,
              provider, model, request_id)
           select ${ACTOR_VALUES}, r.client, r.id, e.action, e.provider, e.model, $5::text
           from unnest($6::uuid[], $7::text[], $8::text[], $9::text[]) as e(record_id, action, provider, model)
           join reports r on r.id = e.record_id
           where r.client is not null and r.client <> $1::uuid
           returning record_id`,
    values: [
      ...actorValues(actor),
      actor.requestId,
      entries.map((entry) => entry.recordId),
      entries.map((entry) => entry.action),
      entries.map((entry) => entry.provider ?? null),
      entries.map((entry) => entry.model ?? null),
    ],
  });
  return rows.map((row) => row.record_id);
}

/** An entry about a person's answers that belong to no record (the wizard), or the owner's own choice. */
export async function insertEntry(
  database: Database,
  actor: AuditActorRow,
  entry: {
    subjectId: string;
    recordId: string | null;
    action: string;
    provider?: string | null;
    model?: string | null;
  },
): Promise<void> {
  await runPrepared(database, {
    name: 'audit-insert-entry',
    text: `insert into audit_entries
             (actor_id, actor_name, actor_role, actor_organization, subject_id, record_id, action,
              provider, model, request_id)
           values (${ACTOR_VALUES}, $5::uuid, $6::uuid, $7::text, $8::text, $9::text, $10::text)`,
    values: [
      ...actorValues(actor),
      entry.subjectId,
      entry.recordId,
      entry.action,
      entry.provider ?? null,
      entry.model ?? null,
      actor.requestId,
    ],
  });
}

/**
 * A generation's text with the entry of its reading, in one statement (so in one transaction):
 * the text comes back only if its entry was written. Null when there is no such generation.
 */
export async function readGenerationWithEntry(
  database: Database,
  actor: AuditActorRow,
  generationId: string,
  action: string,
): Promise<{ recordId: string; response: string; model: string | null; dateGenerated: Date } | null> {
  const [row] = await runPrepared<{
    record_id: string;
    response: string;
    model: string | null;
    date_generated: Date;
  }>(database, {
    name: 'audit-read-generation',
    text: `with generation as (
               select g.id, g.report_id, g.response, g.model, g.date_generated, r.client
               from report_generations g join reports r on r.id = g.report_id where g.id = $6::uuid
             ), entry as (
               insert into audit_entries
                 (actor_id, actor_name, actor_role, actor_organization, subject_id, record_id, action, model, request_id)
               select ${ACTOR_VALUES}, g.client, g.report_id, $7::text, g.model, $5::text
               from generation g where g.client is not null and g.client <> $1::uuid
               returning id
             )
             select g.report_id as record_id, g.response, g.model, g.date_generated
             from generation g`,
    values: [...actorValues(actor), actor.requestId, generationId, action],
  });
  return row
    ? { recordId: row.record_id, response: row.response, model: row.model, dateGenerated: row.date_generated }
    : null;
}

const SELECT_ENTRIES = `select a.id, a.at, a.actor_id as "actorId", a.actor_name as "actorName",
    a.actor_role as "actorRole", a.actor_organization as "actorOrganization",
    a.subject_id as "subjectId", s.name as "subjectName", a.record_id as "recordId", a.action,
    a.provider, a.model, a.request_id as "requestId"
  from audit_entries a left join users s on s.id = a.subject_id`;

/** The entries about one person (optionally one record of theirs), newest first. */
export async function entriesOfSubject(
  database: Database,
  query: { subjectId: string; recordId: string | null; limit: number; offset: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const filter = `a.subject_id = $1::uuid and ($2::uuid is null or a.record_id = $2::uuid)`;
  const [count] = await runPrepared<{ total: number }>(database, {
    name: 'audit-subject-count',
    text: `select count(*)::int as total from audit_entries a where ${filter}`,
    values: [query.subjectId, query.recordId],
  });
  const rows = await runPrepared<AuditEntryRow>(database, {
    name: 'audit-subject-page',
    text: `${SELECT_ENTRIES} where ${filter} order by a.seq desc limit $3::int offset $4::int`,
    values: [query.subjectId, query.recordId, query.limit, query.offset],
  });
  return { rows, total: count?.total ?? 0 };
}

const likeOf = (search: string) => (search === '' ? '' : `%${search.replace(/[\\%_]/g, '\\$&')}%`);
// Searched by person: the one who acted or the one whose answers they were (issue 29 §2).
const ADMIN_FILTER = `($1::text = '' or a.actor_name ilike $1::text escape '\\' or s.name ilike $1::text escape '\\')
  and ($2::uuid is null or a.record_id = $2::uuid)`;

/** The admin console's Audit tab: every entry, searched by person and record, newest first. */
export async function pageOfEntries(
  database: Database,
  query: { search: string; recordId: string | null; limit: number; offset: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const values = [likeOf(query.search), query.recordId];
  const [count] = await runPrepared<{ total: number }>(database, {
    name: 'audit-admin-count',
    text: `select count(*)::int as total from audit_entries a left join users s on s.id = a.subject_id
           where ${ADMIN_FILTER}`,
    values,
  });
  const rows = await runPrepared<AuditEntryRow>(database, {
    name: 'audit-admin-page',
    text: `${SELECT_ENTRIES} where ${ADMIN_FILTER} order by a.seq desc limit $3::int offset $4::int`,
    values: [...values, query.limit, query.offset],
  });
  return { rows, total: count?.total ?? 0 };
}

/** issue 29 §3: the owner's latest word on an outside AI, per record (the audit is its one source). */
export async function latestConsents(
  database: Database,
  recordIds: readonly string[],
): Promise<Map<string, { agreed: boolean; at: Date }>> {
  const rows = await runPrepared<{ record_id: string; action: string; at: Date }>(database, {
    name: 'audit-latest-consents',
    text: `select distinct on (a.record_id) a.record_id, a.action, a.at
           from audit_entries a join reports r on r.id = a.record_id
           where a.record_id = any($1::uuid[]) and a.subject_id = r.client
             and a.action in ('ai-consent.given', 'ai-consent.withdrawn')
           order by a.record_id, a.seq desc`,
    values: [recordIds],
  });
  return new Map(
    rows.map((row) => [row.record_id, { agreed: row.action === 'ai-consent.given', at: row.at }]),
  );
}
