import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import {
  invitations,
  lifeRecords,
  recordMigrations,
  reportGenerations,
  roles,
  supportMessages,
  userRoles,
  users,
} from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';

// The statements of an erasure (issue 30 §6, decision 131). Each is one statement (so atomic on
// its own) and can run again: a second run finds nothing left to change and changes nothing else.

/** The person as the erasure starts, and their records (every row whose client they are). */
export interface ErasureSubject {
  id: string;
  email: string | null;
  name: string | null;
  federatedId: string | null;
  erasedAt: Date | null;
  recordIds: string[];
}

const u = users;
const r = lifeRecords;

// Marks the person and their records, ends every token issued so far and drops their roles, so
// from this commit on they can neither act nor be acted for; the records' version grows so any
// save typed before it is stale. The records are read from the snapshot before the update.
const START = prepared<{
  id: string;
  email: string | null;
  name: string | null;
  federated_id: string | null;
  erased_at: Date | null;
  record_ids: string[];
}>(
  'erasure-start',
  sql`with person as (
        update ${u} set ${column(u.erasureStartedAt)} = coalesce(${u.erasureStartedAt}, now()),
          ${column(u.tokensValidAfter)} = ${value('now')}::timestamptz, ${column(u.updatedAt)} = now()
        where ${u.id} = ${value('id')}::uuid
        returning ${u.id}, ${u.email}, ${u.name}, ${u.federatedId}, ${u.erasedAt}),
      dropped_roles as (delete from ${userRoles} where ${userRoles.userId} in (select id from person)),
      marked as (
        update ${r} set ${column(r.erasedAt)} = now(), ${column(r.version)} = ${r.version} + 1,
          ${column(r.updatedAt)} = now()
        where ${r.clientId} in (select id from person) and ${r.erasedAt} is null returning ${r.id})
      select person.id, person.email, person.name, person.federated_id, person.erased_at,
        coalesce((select array_agg(${r.id} order by ${r.id}) from ${r} where ${r.clientId} = person.id),
                 '{}') as record_ids
      from person`,
);

// Issue 38 §2: the first statement of an erasure, on its own and before anything waits for the
// person's records: from its commit every token of theirs is refused, and a restart finishes it.
const REFUSE_TOKENS = prepared<{ id: string }>(
  'erasure-refuse-tokens',
  sql`update ${u} set ${column(u.erasureStartedAt)} = coalesce(${u.erasureStartedAt}, now()),
        ${column(u.tokensValidAfter)} = ${value('now')}::timestamptz
      where ${u.id} = ${value('id')}::uuid and ${u.erasedAt} is null returning ${u.id}`,
);

export async function refuseTokensOf(database: Database, userId: string): Promise<boolean> {
  const rows = await runPrepared(database, REFUSE_TOKENS, { id: userId, now: new Date().toISOString() });
  return rows.length > 0;
}

export async function startErasure(writer: RecordWriter, userId: string): Promise<ErasureSubject | null> {
  const [row] = await runPrepared(writer, START, { id: userId, now: new Date().toISOString() });
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    federatedId: row.federated_id,
    erasedAt: row.erased_at,
    recordIds: row.record_ids,
  };
}

// The person's answers and everything that holds a copy of them: the record's answers and their
// versions, the narrative, the name the inviter gave, every generation, the previous answers a form
// migration kept, and the invitations that named the person. The rows of the records stay (their
// credits stay used: the client still points at the erased user row).
const CLEAR_RECORDS = prepared<{ id: string }>(
  'erasure-clear-records',
  sql`with mine as (select ${r.id} from ${r} where ${r.clientId} = ${value('id')}::uuid),
      generations as (delete from ${reportGenerations} where ${reportGenerations.reportId} in (select id from mine)),
      migrations as (delete from ${recordMigrations} where ${recordMigrations.reportId} in (select id from mine)),
      invited as (delete from ${invitations} where ${invitations.userId} = ${value('id')}::uuid)
      update ${r} set ${column(r.data)} = null, ${column(r.answerVersions)} = '{}'::jsonb,
        ${column(r.report)} = null, ${column(r.invitedName)} = null,
        ${column(r.erasedAt)} = coalesce(${r.erasedAt}, now()),
        ${column(r.version)} = ${r.version} + 1, ${column(r.updatedAt)} = now()
      where ${r.id} in (select id from mine)
      returning ${r.id}`,
);

export async function clearRecordsOf(writer: RecordWriter, userId: string): Promise<string[]> {
  const rows = await runPrepared(writer, CLEAR_RECORDS, { id: userId });
  return rows.map((row) => row.id);
}

// The contact-form messages the person sent under their address (their name, address and words).
const DELETE_MESSAGES = prepared(
  'erasure-delete-support-messages',
  sql`delete from ${supportMessages} where lower(${supportMessages.email}) = lower(${value('email')}::text)`,
);

export async function deleteSupportMessagesOf(database: Database, email: string): Promise<void> {
  await runPrepared(database, DELETE_MESSAGES, { email });
}

// The last step: the row keeps its id (records, purchases and audit entries point at it) and its
// federated id (a token issued before the erasure still finds it and is refused: viewer.ts), and
// loses everything else that named the person. The address becomes a placeholder under the
// reserved .invalid domain (RFC 2606): unique, never deliverable, naming nobody.
const FINISH = prepared<{ id: string }>(
  'erasure-finish',
  sql`update ${u} set ${column(u.name)} = null,
        ${column(u.email)} = 'erased-' || ${u.id}::text || '@erased.invalid',
        ${column(u.organizationId)} = null,
        ${column(u.erasedAt)} = coalesce(${u.erasedAt}, now()), ${column(u.updatedAt)} = now()
      where ${u.id} = ${value('id')}::uuid returning ${u.id}`,
);

export async function finishErasure(database: Database, userId: string): Promise<void> {
  await runPrepared(database, FINISH, { id: userId });
}

const PENDING = prepared<{ id: string }>(
  'erasure-pending',
  sql`select ${u.id} from ${u} where ${u.erasureStartedAt} is not null and ${u.erasedAt} is null
      order by ${u.erasureStartedAt}`,
);

/** People whose erasure began and did not end (the process stopped half-way). */
export async function pendingErasures(database: Database): Promise<string[]> {
  const rows = await runPrepared(database, PENDING);
  return rows.map((row) => row.id);
}

const PERSON = prepared<{
  id: string;
  federated_id: string | null;
  erasure_started_at: Date | null;
  is_admin: boolean;
  other_admins: number;
}>(
  'erasure-person',
  sql`select ${u.id}, ${u.federatedId}, ${u.erasureStartedAt},
        exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
                where ${userRoles.userId} = ${u.id} and ${roles.name} = 'admin') as is_admin,
        (select count(*)::int from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
         join ${users} other on other.id = ${userRoles.userId}
         where ${roles.name} = 'admin' and ${userRoles.userId} <> ${u.id}
           and other.erasure_started_at is null) as other_admins
      from ${u} where ${u.id} = ${value('id')}::uuid`,
);

/** What the checks before an erasure need to know of a person; undefined when there is no such user. */
export async function findPerson(database: Database, userId: string) {
  const [row] = await runPrepared(database, PERSON, { id: userId });
  return row
    ? {
        id: row.id,
        federatedId: row.federated_id,
        erasureStarted: row.erasure_started_at !== null,
        isAdmin: row.is_admin,
        otherAdmins: row.other_admins,
      }
    : undefined;
}
