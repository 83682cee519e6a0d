import { MAX_RECORD_BYTES, MAX_RECORD_KEYS } from '#domain/answer-limits.ts';
import type { AnswerWriteScope, RecordScope } from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import type { reportGenerations, reports } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import type { AnswerRead, ReportGenerationModel } from './record-model.ts';

/**
 * A record's own row. Its owner, organization and inventory type are read only when a caller
 * selects them, each in one statement for a whole list (src/server/graphql/loaders.ts): the record
 * screen's 3 s poll needs none of them, and joining them cost it twice the database's time.
 */
export type RecordRow = ColumnsOfRow<
  typeof reports,
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
  /** The stored answers' size as JSON text in bytes (0 when they were not asked for). */
  data_bytes: number;
};

const RECORD_COLUMNS = `r.id, r.created_at, r.updated_at, r.version, r.submitted, r.client, r.organization_id,
         r.inventory_type_id, r.form_version, r.report`;
const LIST_ORDER = 'r.created_at, r.id';

/** The answer columns of a read, the budget being parameter `$budget`. */
function answerColumns(answers: AnswerRead, budget: string, order = LIST_ORDER): string {
  if (!answers) return `0 as data_bytes, null::jsonb as data`;
  return `octet_length(r.data::text)::int as data_bytes,
         case when sum(octet_length(r.data::text)) over (order by ${order}) <= ${budget}::bigint
           then r.data end as data`;
}
const selectRecords = (answers: AnswerRead, budget: string) =>
  `select ${RECORD_COLUMNS}, ${answerColumns(answers, budget)} from reports r`;
const readName = (name: string, answers: AnswerRead) => `${name}${answers ? '' : '-lean'}`;
/** The budget is always a read's last parameter, and only there when answers are read. */
const withBudget = (values: unknown[], answers: AnswerRead) =>
  answers ? [...values, answers.maxBytes] : values;

/** The policy's read scope (src/domain/permissions.ts recordReadScope) as SQL on parameters $n..$n+2. */
function scopeCondition(first: number): string {
  return `($${first}::boolean or r.client = $${first + 1}::uuid or r.organization_id = $${first + 2}::uuid)`;
}
function scopeValues(scope: RecordScope): unknown[] {
  return scope.all ? [true, null, null] : [false, scope.clientId, scope.organizationId];
}

export async function findRecord(database: Database, id: string, scope: RecordScope, answers: AnswerRead) {
  const [row] = await runPrepared<RecordRow>(database, {
    name: readName('record-by-id', answers),
    text: `${selectRecords(answers, '$5')} where r.id = $1::uuid and ${scopeCondition(2)}`,
    values: withBudget([id, ...scopeValues(scope)], answers),
  });
  return row;
}

export function listRecordsOfClient(
  database: Database,
  clientId: string,
  scope: RecordScope,
  answers: AnswerRead,
) {
  return runPrepared<RecordRow>(database, {
    name: readName('records-of-client', answers),
    text: `${selectRecords(answers, '$5')} where r.client = $1::uuid and ${scopeCondition(2)} order by ${LIST_ORDER}`,
    values: withBudget([clientId, ...scopeValues(scope)], answers),
  });
}

export function listRecordsOfOrganization(database: Database, organizationId: string, answers: AnswerRead) {
  return runPrepared<RecordRow>(database, {
    name: readName('records-of-organization', answers),
    text: `${selectRecords(answers, '$2')} where r.organization_id = $1::uuid order by ${LIST_ORDER}`,
    values: withBudget([organizationId], answers),
  });
}

export function listAllRecords(database: Database, answers: AnswerRead) {
  return runPrepared<RecordRow>(database, {
    name: readName('records-all', answers),
    text: `${selectRecords(answers, '$1')} order by ${LIST_ORDER}`,
    values: withBudget([], answers),
  });
}

export type RecordFactsRow = ColumnsOfRow<
  typeof reports,
  'client' | 'organization_id' | 'submitted' | 'version' | 'form_changed_version'
>;

/** What the policy needs to explain why a guarded write changed nothing. */
export async function findRecordFacts(database: Database, id: string) {
  const [row] = await runPrepared<RecordFactsRow>(database, {
    name: 'record-facts',
    text: `select client, organization_id, submitted, version, form_changed_version
           from reports where id = $1::uuid`,
    values: [id],
  });
  return row;
}

export type SavedAnswersRow = ColumnsOfRow<
  typeof reports,
  'id' | 'updated_at' | 'version' | 'inventory_type_id'
> &
  Partial<ColumnsOfRow<typeof reports, 'data'>> & {
    /** The form the record is answered against now (issue 26 §3: the client compares it with its own). */
    form_version: number;
    /** Keys of the save written by someone else after its base version. */
    conflicting_keys: string[];
  };

/**
 * The merge rule of src/domain/record-answers.ts (mergeAnswers) as ONE statement (DESIGN §7): the
 * changed answers are merged into the stored ones (`data || accepted`), each accepted key stamped
 * with the new version, keys written after `baseVersion` left alone and returned as conflicting.
 * The WHERE clause is the policy's answer-write scope (owner, not submitted). Concurrent saves of
 * one record queue on its row lock and each merges into the other's result.
 */
// src/domain/record-answers.ts mergedValue: a sent `flattened` map is merged into the stored one.
const FLATTENED_MERGED = `case when a.key = 'flattened' and jsonb_typeof(a.value) = 'object'
      and jsonb_typeof(r.data -> 'flattened') = 'object' then (r.data -> 'flattened') || a.value
    else a.value end`;

function mergeStatement(submit: boolean, returnData: boolean): string {
  // $1 id, $2 base version (null on submit: "as of now"), $3 answers (JSON text), $4 the owner.
  const base = submit ? 'coalesce($2::int, r.version)' : '$2::int';
  // Issue 26 §3: answers typed against a version before the record moved to another form were
  // typed against that other form: none is written (all come back as conflicting), so no answer
  // lands under a key no question of the record's form shows; the client maps and re-sends them.
  const accepted = (value: string) => `coalesce((
      select jsonb_object_agg(a.key, ${value}) from jsonb_each($3::jsonb) a
      where coalesce((r.answer_versions ->> a.key)::int, 0) <= ${base}
        and ${base} >= r.form_changed_version), '{}'::jsonb)`;
  return `
    update reports r set
      data = r.data || ${accepted(FLATTENED_MERGED)},
      answer_versions = r.answer_versions || ${accepted('to_jsonb(r.version + 1)')},
      version = r.version + 1,
      ${submit ? 'submitted = true,' : ''}
      updated_at = now()
    where r.id = $1::uuid and r.client = $4::uuid and r.submitted = false
      and r.version >= ${submit ? 'coalesce($2::int, 0)' : '$2::int'}
      ${submit ? 'and coalesce($2::int, r.version) >= r.form_changed_version' : ''}
      and ${withinRecordCaps('r.data || $3::jsonb')}
    returning r.id, ${returnData ? 'r.data,' : ''} r.updated_at, r.version, r.inventory_type_id, r.form_version,
      array(select k from jsonb_object_keys($3::jsonb) k
            where (r.answer_versions ->> k)::int is distinct from r.version) as conflicting_keys`;
}
/**
 * Issue 14 §1: a record stays within its caps (src/domain/answer-limits.ts); a save that would pass
 * them changes nothing, and recordSize tells the service why.
 */
function withinRecordCaps(data: string): string {
  return `octet_length((${data})::text) <= ${MAX_RECORD_BYTES}
      and (select count(*) from jsonb_object_keys(${data})) <= ${MAX_RECORD_KEYS}`;
}

/** The size a record's answers would have with `answersJson` merged in. */
export async function mergedRecordSize(database: Database, id: string, answersJson: string) {
  const [row] = await runPrepared<{ bytes: number; keys: number }>(database, {
    name: 'record-merged-size',
    text: `select octet_length((data || $2::jsonb)::text)::int as bytes,
             (select count(*) from jsonb_object_keys(data || $2::jsonb))::int as keys
           from reports where id = $1::uuid`,
    values: [id, answersJson],
  });
  return row;
}

const SAVE_ANSWERS = mergeStatement(false, true);
const SAVE_ANSWERS_NO_DATA = mergeStatement(false, false);
const SUBMIT_ANSWERS = mergeStatement(true, false);

export interface MergeInput {
  id: string;
  baseVersion: number | null;
  answersJson: string;
  scope: AnswerWriteScope;
  /** Read the merged answers back (RETURNING data); a record's data can be large. */
  returnData: boolean;
}

export async function saveAnswers(writer: RecordWriter, input: MergeInput) {
  const statement = input.returnData
    ? { name: 'record-save-answers', text: SAVE_ANSWERS }
    : { name: 'record-save-answers-lean', text: SAVE_ANSWERS_NO_DATA };
  return merge(writer, statement, input);
}

export async function submitAnswers(writer: RecordWriter, input: MergeInput) {
  return merge(writer, { name: 'record-submit', text: SUBMIT_ANSWERS }, input);
}

async function merge(
  writer: RecordWriter,
  statement: { name: string; text: string },
  input: MergeInput,
): Promise<SavedAnswersRow | undefined> {
  const [row] = await runPrepared<SavedAnswersRow>(writer, {
    ...statement,
    values: [input.id, input.baseVersion, input.answersJson, input.scope.clientId],
  });
  return row;
}

/** admin-app §4: the admin's Submitted select. */
export async function setSubmitted(writer: RecordWriter, id: string, submitted: boolean) {
  const rows = await runPrepared<ColumnsOfRow<typeof reports, 'id'>>(writer, {
    name: 'record-set-submitted',
    text: `update reports set submitted = $2, version = version + 1, updated_at = now()
           where id = $1::uuid returning id`,
    values: [id, submitted],
  });
  return rows.map((row) => row.id);
}

type GenerationRow = ColumnsOfRow<
  typeof reportGenerations,
  'id' | 'report_id' | 'date_generated' | 'response' | 'model'
>;
const toGeneration = (row: GenerationRow): ReportGenerationModel => ({
  id: row.id,
  recordId: row.report_id,
  dateGenerated: row.date_generated,
  response: row.response,
  model: row.model,
});

/** customer-app §7 call 10: generations newest first, for many records in one statement. */
export async function listReportGenerations(database: Database, recordIds: readonly string[]) {
  const rows = await runPrepared<GenerationRow>(database, {
    name: 'report-generations-of-records',
    text: `select id, report_id, date_generated, response, model from report_generations
           where report_id = any($1::uuid[]) order by date_generated desc, id`,
    values: [recordIds],
  });
  const byRecord = new Map<string, ReportGenerationModel[]>(recordIds.map((id) => [id, []]));
  for (const row of rows) byRecord.get(row.report_id)?.push(toGeneration(row));
  return byRecord;
}

/** The names given in the invitations of several records (issue 14 §10). */
export async function invitedNames(database: Database, recordIds: readonly string[]) {
  const rows = await runPrepared<ColumnsOfRow<typeof reports, 'id' | 'invited_name'>>(database, {
    name: 'records-invited-names',
    text: 'select id, invited_name from reports where id = any($1::uuid[])',
    values: [recordIds],
  });
  return new Map(rows.map((row) => [row.id, row.invited_name]));
}

/** admin-app §7 Latest generation for a report (limit 1). */
export async function latestReportGeneration(database: Database, recordId: string) {
  const [row] = await runPrepared<GenerationRow>(database, {
    name: 'report-generation-latest',
    text: `select id, report_id, date_generated, response, model from report_generations
           where report_id = $1::uuid order by date_generated desc, id limit 1`,
    values: [recordId],
  });
  return row ? toGeneration(row) : undefined;
}

/** customer-app §7 call 12: the admin's edit of a generation's text. */
export async function updateReportGeneration(writer: RecordWriter, id: string, response: string) {
  const [row] = await runPrepared<GenerationRow>(writer, {
    name: 'report-generation-update',
    text: `update report_generations set response = $2 where id = $1::uuid
           returning id, report_id, date_generated, response, model`,
    values: [id, response],
  });
  return row ? toGeneration(row) : undefined;
}

/**
 * admin-app §5 Migration: every unassigned record (client null) of the source type moves to the
 * target type and takes the target form's steps, in one statement (all or nothing).
 */
export async function migrateUnassignedRecords(
  writer: RecordWriter,
  input: { sourceTypeId: string; targetTypeId: string; stepsJson: string },
) {
  const rows = await runPrepared<ColumnsOfRow<typeof reports, 'id'>>(writer, {
    name: 'records-migrate',
    // form_version null: the trigger pins each to the target's latest version (decision 100).
    text: `update reports set inventory_type_id = $2::uuid, form_version = null,
             data = jsonb_set(data, '{steps}', $3::jsonb),
             version = version + 1, form_changed_version = version + 1, updated_at = now()
           where inventory_type_id = $1::uuid and client is null
           returning id`,
    values: [input.sourceTypeId, input.targetTypeId, input.stepsJson],
  });
  return rows.map((row) => row.id);
}

/** Columns the admin console sorts records by (issue 10), as SQL; nothing else reaches ORDER BY. */
const RECORD_SORT_SQL = {
  client: `nullif(btrim(lower(u.name)), '')`,
  type: 'lower(t.name)',
  organization: 'lower(o.name)',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
  submitted: 'r.submitted',
} as const;
export type RecordSortColumn = keyof typeof RECORD_SORT_SQL;

export interface RecordsPageQuery {
  search: string;
  showUnassigned: boolean;
  sort: RecordSortColumn;
  descending: boolean;
}

// admin-app §5 as SQL: without a search, rows without a user name only when asked for; with one, a
// case-insensitive substring of the user name (the pattern arrives with LIKE's wildcards escaped).
// Each case has a statement of its own, joining only what it filters or sorts on, so the database
// can walk reports_created_idx and stop after a page (issue 10, bench/admin-lists.ts).
function pageFilter(query: RecordsPageQuery): { from: string; where: string; name: string } {
  if (query.search !== '')
    return {
      from: 'reports r join users u on u.id = r.client',
      where: `u.name ilike $1::text escape '\\'`,
      name: 'search',
    };
  if (query.showUnassigned)
    return {
      from: 'reports r left join users u on u.id = r.client',
      where: '$1::text = $1::text',
      name: 'all',
    };
  return {
    from: 'reports r join users u on u.id = r.client',
    where: `$1::text = $1::text and btrim(u.name) <> ''`,
    name: 'named',
  };
}

const likePattern = (search: string) => (search === '' ? '' : `%${search.replace(/[\\%_]/g, '\\$&')}%`);

// Counting the named records is records with a user minus those whose user has no name: the few
// nameless users are found first, so the count never joins every record to its user.
const COUNT_SQL = {
  search: `select count(*)::int as total from reports r join users u on u.id = r.client
           where u.name ilike $1::text escape '\\'`,
  all: 'select count(*)::int as total from reports r where $1::text = $1::text',
  named: `select ((select count(*) from reports where client is not null)
                - (select count(*) from reports r join users u on u.id = r.client
                   where coalesce(btrim(u.name), '') = ''))::int as total
          where $1::text = $1::text`,
} as const;

export async function countRecordsForPage(database: Database, query: RecordsPageQuery) {
  const filter = pageFilter(query).name as keyof typeof COUNT_SQL;
  const [row] = await runPrepared<{ total: number }>(database, {
    name: `records-page-count-${filter}`,
    text: COUNT_SQL[filter],
    values: [likePattern(query.search)],
  });
  return row?.total ?? 0;
}

/** One page of records in the console's order; missing names sort last, the id breaks ties. */
export function pageOfRecords(
  database: Database,
  query: RecordsPageQuery,
  page: { limit: number; offset: number; answers: AnswerRead },
) {
  const direction = query.descending ? 'desc' : 'asc';
  const order = `${RECORD_SORT_SQL[query.sort]} ${direction} nulls last, r.id ${direction}`;
  const filter = pageFilter(query);
  const joins = {
    type: ' left join inventory_types t on t.id = r.inventory_type_id',
    organization: ' left join organizations o on o.id = r.organization_id',
  } as const;
  const sortJoin = query.sort === 'type' || query.sort === 'organization' ? joins[query.sort] : '';
  // The list shows no answers: a page of large records is not read unless its answers are asked
  // for, and then only within the budget, counted over this page's rows in its order (issue 25).
  const pageRows = `select ${RECORD_COLUMNS}, ${page.answers ? 'r.data' : 'null::jsonb as data'},
                  row_number() over (order by ${order}) as n
           from ${filter.from}${sortJoin}
           where ${filter.where}
           order by ${order}
           limit $2::int offset $3::int`;
  const answers = page.answers
    ? `octet_length(r.data::text)::int as data_bytes,
       case when sum(octet_length(r.data::text)) over (order by r.n) <= $4::bigint then r.data end as data`
    : '0 as data_bytes, r.data';
  return runPrepared<RecordRow>(database, {
    name: `records-page-${filter.name}-${query.sort}-${direction}-${page.answers ? 'full' : 'list'}`,
    text: `select r.id, r.created_at, r.updated_at, r.version, r.submitted, r.client, r.organization_id,
                  r.inventory_type_id, r.form_version, ${page.answers ? 'r.report' : 'null::text as report'},
                  ${answers}
           from (${pageRows}) r order by r.n`,
    values: withBudget([likePattern(query.search), page.limit, page.offset], page.answers),
  });
}
