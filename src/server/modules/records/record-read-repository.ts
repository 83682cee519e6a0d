import { type SQL, sql } from 'drizzle-orm';
import type { RecordScope } from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import { prepared, runPrepared, type Statement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords, reportGenerations } from '../../db/schema.ts';
import { Withheld } from './open-records.ts';
import { openedAnswersOf } from './opened-answers-cache.ts';
import type { AnswerRead, ReportGenerationModel } from './record-model.ts';
import { type OpenedRecord, openGenerationRows, openRecordRows } from './record-sealing.ts';

/**
 * A record's own row. Its owner, organization and inventory type are read only when a caller
 * selects them, each in one statement for a whole list (src/server/graphql/loaders.ts): the record
 * screen's 3 s poll needs none of them, and joining them cost it twice the database's time.
 */
export type SealedRecordRow = ColumnsOfRow<
  typeof lifeRecords,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'version'
  | 'submitted'
  | 'client'
  | 'organization_id'
  | 'inventory_type_id'
  | 'data'
  | 'report'
> & {
  /** Never null once written: the reports_pin_form_version trigger pins every record (decision 100). */
  form_version: number;
  /** The stored answers' size in bytes, sealed (0 when they were not asked for). */
  data_bytes: number;
};
/**
 * A record's row with its answers and narrative opened (record-sealing.ts, issue 30 §3); a live
 * update's read adds which version wrote each answer and when the form last changed (issue 39 §3).
 */
export type RecordRead = OpenedRecord<SealedRecordRow> &
  Partial<ColumnsOfRow<typeof lifeRecords, 'answer_versions' | 'form_changed_version' | 'invited_name'>> & {
    /**
     * The row is at the version a save on this server wrote (findLiveRecord): a save of a record
     * neither erased nor in erasure, so its owner's was not either (decision 212).
     */
    savedHere?: true;
  };

/** The row's columns but its sealed values (answerColumns: they are read only when wanted). */
const RECORD_COLUMNS = sql`${lifeRecords.id}, ${lifeRecords.createdAt}, ${lifeRecords.updatedAt}, ${lifeRecords.version},
  ${lifeRecords.submitted}, ${lifeRecords.clientId}, ${lifeRecords.organizationId}, ${lifeRecords.inventoryTypeId},
  ${lifeRecords.formVersion}`;
const LIST_ORDER = sql`${lifeRecords.createdAt}, ${lifeRecords.id}`;

/**
 * Issue 25: the answers of a read, only while the running total of their size (in the list's order)
 * stays within the operation's budget, the value `budget`; a read without answers measures nothing.
 * Issue 31 §6.2: only of a row newer than `newerThan` (the version the 3 s poll already holds), so an
 * unchanged record's answers are neither sent from the database nor opened.
 */
function answerColumns(answers: boolean): SQL {
  if (!answers) return sql`${lifeRecords.report}, 0 as data_bytes, null::bytea as data`;
  // Issue 30: measured sealed; the seal adds 29 bytes to the answers' JSON. Issue 39 §3: the
  // narrative, like the answers, is neither sent nor opened for a poll of an unchanged record.
  return sql`case when ${lifeRecords.version} > ${value('newerThan')}::int then ${lifeRecords.report} end as report,
    coalesce(octet_length(${lifeRecords.data}), 0)::int as data_bytes,
    case when sum(coalesce(octet_length(${lifeRecords.data}), 0)) over (order by ${LIST_ORDER}) <= ${value('budget')}::bigint
        and ${lifeRecords.version} > ${value('newerThan')}::int
      then ${lifeRecords.data} end as data`;
}

/** A read in two forms: with the answers (within the budget) and without them ("-lean"). */
function recordRead(name: string, where: SQL) {
  const read = (answers: boolean) =>
    prepared<SealedRecordRow>(
      `${name}${answers ? '' : '-lean'}`,
      sql`select ${RECORD_COLUMNS}, ${answerColumns(answers)} from ${lifeRecords} ${where}`,
    );
  const full = read(true);
  const lean = read(false);
  return (answers: AnswerRead): [Statement<SealedRecordRow>, { budget?: number; newerThan?: number }] =>
    answers ? [full, { budget: answers.maxBytes, newerThan: answers.newerThan ?? -1 }] : [lean, {}];
}

/** The policy's read scope (src/domain/permissions.ts recordReadScope) as SQL. */
const IN_SCOPE = sql`(${value('all')}::boolean or ${lifeRecords.clientId} = ${value('clientId')}::uuid
  or ${lifeRecords.organizationId} = ${value('organizationId')}::uuid)`;
function scopeValues(scope: RecordScope) {
  return scope.all
    ? { all: true, clientId: null, organizationId: null }
    : { all: false, clientId: scope.clientId, organizationId: scope.organizationId };
}

const RECORD_BY_ID = recordRead(
  'record-by-id',
  sql`where ${lifeRecords.id} = ${value('id')}::uuid and ${IN_SCOPE}`,
);
const RECORDS_OF_CLIENT = recordRead(
  'records-of-client',
  sql`where ${lifeRecords.clientId} = ${value('owner')}::uuid and ${IN_SCOPE} order by ${LIST_ORDER}`,
);
const RECORDS_OF_ORGANIZATION = recordRead(
  'records-of-organization',
  sql`where ${lifeRecords.organizationId} = ${value('organizationId')}::uuid order by ${LIST_ORDER}`,
);
const ALL_RECORDS = recordRead('records-all', sql`order by ${LIST_ORDER}`);

export async function findRecord(database: Database, id: string, scope: RecordScope, answers: AnswerRead) {
  const [statement, budget] = RECORD_BY_ID(answers);
  const [row] = await openRecordRows(
    database,
    await runPrepared(database, statement, { id, ...scopeValues(scope), ...budget }),
  );
  return row;
}

// Issue 39 §3 (decision 152): the shared read of a live update, with the answers' versions, so each
// subscriber is sent only the answers written since the version it has. Issue 39 §1: with the name
// given in the invitation too (a column of the row), which the owner's name is shown by: it was a
// statement of its own on every change.
const LIVE_RECORD = prepared<
  SealedRecordRow &
    ColumnsOfRow<typeof lifeRecords, 'answer_versions' | 'form_changed_version' | 'invited_name'>
>(
  'record-live',
  sql`select ${RECORD_COLUMNS}, ${lifeRecords.report},
        coalesce(octet_length(${lifeRecords.data}), 0)::int as data_bytes,
        case when coalesce(octet_length(${lifeRecords.data}), 0) <= ${value('budget')}::bigint
            and ${lifeRecords.version} <> ${value('knownVersion')}::int
          then ${lifeRecords.data} end as data,
        ${lifeRecords.answerVersions}, ${lifeRecords.formChangedVersion}, ${lifeRecords.invitedName}
      from ${lifeRecords} where ${lifeRecords.id} = ${value('id')}::uuid`,
);

/**
 * A changed record for its subscribers (shared-record-reads.ts): whatever the scope, within
 * `maxBytes`. Issue 39 §1: when this server wrote the row's answers at its version (the save the
 * subscribers are told of, most often), they are taken opened from what it wrote
 * (opened-answers-cache.ts), not sent by the database and opened again.
 */
export async function findLiveRecord(
  database: Database,
  id: string,
  maxBytes: number,
): Promise<RecordRead | undefined> {
  const known = openedAnswersOf(database.vault).get(id);
  const rows = await runPrepared(database, LIVE_RECORD, {
    id,
    budget: maxBytes,
    knownVersion: known?.version ?? -1,
  });
  const [row] = await openRecordRows(database, rows);
  if (row && known && row.version === known.version && row.data_bytes <= maxBytes && !row.unreadable)
    return { ...row, data: known.data, savedHere: true };
  return row;
}

export async function listRecordsOfClient(
  database: Database,
  clientId: string,
  scope: RecordScope,
  answers: AnswerRead,
) {
  const [statement, budget] = RECORDS_OF_CLIENT(answers);
  return openRecordRows(
    database,
    await runPrepared(database, statement, { owner: clientId, ...scopeValues(scope), ...budget }),
  );
}

export async function listRecordsOfOrganization(
  database: Database,
  organizationId: string,
  answers: AnswerRead,
) {
  const [statement, budget] = RECORDS_OF_ORGANIZATION(answers);
  return openRecordRows(database, await runPrepared(database, statement, { organizationId, ...budget }));
}

export async function listAllRecords(database: Database, answers: AnswerRead) {
  const [statement, budget] = ALL_RECORDS(answers);
  return openRecordRows(database, await runPrepared(database, statement, budget));
}

export type SealedGenerationRow = ColumnsOfRow<
  typeof reportGenerations,
  'id' | 'report_id' | 'date_generated' | 'response' | 'model'
>;
export const GENERATION_COLUMNS = sql`${reportGenerations.id}, ${reportGenerations.reportId},
  ${reportGenerations.dateGenerated}, ${reportGenerations.response}, ${reportGenerations.model}`;
export type GenerationRead = Omit<SealedGenerationRow, 'response'> & {
  response: string;
  unreadable?: string;
};
export const toGeneration = (row: GenerationRead): ReportGenerationModel => ({
  id: row.id,
  recordId: row.report_id,
  dateGenerated: row.date_generated,
  response: new Withheld(row.response),
  model: row.model,
  ...(row.unreadable ? { unreadable: row.unreadable } : {}),
});

const GENERATIONS_OF_RECORDS = prepared<SealedGenerationRow>(
  'report-generations-of-records',
  sql`select ${GENERATION_COLUMNS} from ${reportGenerations}
      where ${reportGenerations.reportId} = any(${value('recordIds')}::uuid[])
      order by ${reportGenerations.dateGenerated} desc, ${reportGenerations.id}`,
);

/** customer-app §7 call 10: generations newest first, for many records in one statement. */
export async function listReportGenerations(database: Database, recordIds: readonly string[]) {
  const rows = await openGenerationRows(
    database,
    await runPrepared(database, GENERATIONS_OF_RECORDS, { recordIds }),
  );
  const byRecord = new Map<string, ReportGenerationModel[]>(recordIds.map((id) => [id, []]));
  for (const row of rows) byRecord.get(row.report_id)?.push(toGeneration(row));
  return byRecord;
}

const INVITED_NAMES = prepared<ColumnsOfRow<typeof lifeRecords, 'id' | 'invited_name'>>(
  'records-invited-names',
  sql`select ${lifeRecords.id}, ${lifeRecords.invitedName} from ${lifeRecords}
      where ${lifeRecords.id} = any(${value('recordIds')}::uuid[])`,
);

/** The names given in the invitations of several records (issue 14 §10). */
export async function invitedNames(database: Database, recordIds: readonly string[]) {
  const rows = await runPrepared(database, INVITED_NAMES, { recordIds });
  return new Map(rows.map((row) => [row.id, row.invited_name]));
}

const LATEST_GENERATION = prepared<SealedGenerationRow>(
  'report-generation-latest',
  sql`select ${GENERATION_COLUMNS} from ${reportGenerations}
      where ${reportGenerations.reportId} = ${value('recordId')}::uuid
      order by ${reportGenerations.dateGenerated} desc, ${reportGenerations.id} limit 1`,
);

/** admin-app §7 Latest generation for a report (limit 1). */
export async function latestReportGeneration(database: Database, recordId: string) {
  const [row] = await openGenerationRows(
    database,
    await runPrepared(database, LATEST_GENERATION, { recordId }),
  );
  return row ? toGeneration(row) : undefined;
}
