import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { preparedOnce, runPrepared, value } from '../../db/prepared-query.ts';
import { inventoryTypes, lifeRecords, organizations, users } from '../../db/schema.ts';
import type { AnswerRead } from './record-model.ts';
import type { SealedRecordRow } from './record-read-repository.ts';
import { openRecordRows } from './record-sealing.ts';

/** Columns the admin console sorts records by (issue 10), as SQL; nothing else reaches ORDER BY. */
const RECORD_SORT_SQL = {
  client: sql`nullif(btrim(lower(${users.name})), '')`,
  type: sql`lower(${inventoryTypes.name})`,
  organization: sql`lower(${organizations.name})`,
  createdAt: sql`${lifeRecords.createdAt}`,
  updatedAt: sql`${lifeRecords.updatedAt}`,
  submitted: sql`${lifeRecords.submitted}`,
} as const;
export type RecordSortColumn = keyof typeof RECORD_SORT_SQL;

export interface RecordsPageQuery {
  search: string;
  showUnassigned: boolean;
  sort: RecordSortColumn;
  descending: boolean;
}

type FilterName = 'search' | 'all' | 'named';
const filterOf = (query: RecordsPageQuery): FilterName =>
  query.search !== '' ? 'search' : query.showUnassigned ? 'all' : 'named';

// admin-app §5 as SQL: without a search, rows without a user name only when asked for; with one, a
// case-insensitive substring of the user name (the pattern arrives with LIKE's wildcards escaped).
// Each case has a statement of its own, joining only what it filters or sorts on, so the database
// can walk reports_created_idx and stop after a page (issue 10, bench/admin-lists.ts).
const NAME_MATCHES = sql`${users.name} ilike ${value('pattern')}::text escape '\\'`;
const FILTERS: Record<FilterName, { from: SQL; where: SQL }> = {
  search: {
    from: sql`${lifeRecords} join ${users} on ${users.id} = ${lifeRecords.clientId}`,
    where: sql`where ${NAME_MATCHES}`,
  },
  all: {
    from: sql`${lifeRecords} left join ${users} on ${users.id} = ${lifeRecords.clientId}`,
    where: sql``,
  },
  named: {
    from: sql`${lifeRecords} join ${users} on ${users.id} = ${lifeRecords.clientId}`,
    where: sql`where btrim(${users.name}) <> ''`,
  },
};

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;
const patternOf = (query: RecordsPageQuery) =>
  query.search === '' ? {} : { pattern: likePattern(query.search) };

// Counting the named records is records with a user minus those whose user has no name: the few
// nameless users are found first, so the count never joins every record to its user.
const COUNTS: Record<FilterName, SQL> = {
  search: sql`select count(*)::int as total from ${lifeRecords} join ${users} on ${users.id} = ${lifeRecords.clientId}
      where ${NAME_MATCHES}`,
  all: sql`select count(*)::int as total from ${lifeRecords}`,
  named: sql`select ((select count(*) from ${lifeRecords} where ${lifeRecords.clientId} is not null)
      - (select count(*) from ${lifeRecords} join ${users} on ${users.id} = ${lifeRecords.clientId}
         where coalesce(btrim(${users.name}), '') = ''))::int as total`,
};

export async function countRecordsForPage(database: Database, query: RecordsPageQuery) {
  const filter = filterOf(query);
  const statement = preparedOnce<{ total: number }>(`records-page-count-${filter}`, () => COUNTS[filter]);
  const [row] = await runPrepared(database, statement, patternOf(query));
  return row?.total ?? 0;
}

/** The page's rows, numbered in the console's order (the derived table `page`). */
const page = alias(lifeRecords, 'page');
const PAGE_ORDER = sql.raw('page.n');

/** One page of records in the console's order; missing names sort last, the id breaks ties. */
export async function pageOfRecords(
  database: Database,
  query: RecordsPageQuery,
  window: { limit: number; offset: number; answers: AnswerRead },
) {
  const direction = query.descending ? 'desc' : 'asc';
  const filter = filterOf(query);
  const answers = Boolean(window.answers);
  const name = `records-page-${filter}-${query.sort}-${direction}-${answers ? 'full' : 'list'}`;
  const statement = preparedOnce<SealedRecordRow>(name, () => {
    const order = sql`${RECORD_SORT_SQL[query.sort]} ${sql.raw(direction)} nulls last, ${lifeRecords.id} ${sql.raw(direction)}`;
    const sortJoin =
      query.sort === 'type'
        ? sql` left join ${inventoryTypes} on ${inventoryTypes.id} = ${lifeRecords.inventoryTypeId}`
        : query.sort === 'organization'
          ? sql` left join ${organizations} on ${organizations.id} = ${lifeRecords.organizationId}`
          : sql``;
    // The list shows no answers: a page of large records is not read unless its answers are asked
    // for, and then only within the budget, counted over this page's rows in its order (issue 25).
    const pageRows = sql`select ${lifeRecords.id}, ${lifeRecords.createdAt}, ${lifeRecords.updatedAt}, ${lifeRecords.version},
          ${lifeRecords.submitted}, ${lifeRecords.clientId}, ${lifeRecords.organizationId}, ${lifeRecords.inventoryTypeId},
          ${lifeRecords.formVersion}, ${lifeRecords.report}, ${answers ? sql`${lifeRecords.data}` : sql`null::bytea as data`},
          row_number() over (order by ${order}) as n
        from ${FILTERS[filter].from}${sortJoin}
        ${FILTERS[filter].where}
        order by ${order}
        limit ${value('limit')}::int offset ${value('offset')}::int`;
    const answerColumns = answers
      ? sql`coalesce(octet_length(${page.data}), 0)::int as data_bytes,
          case when sum(coalesce(octet_length(${page.data}), 0)) over (order by ${PAGE_ORDER}) <= ${value('budget')}::bigint
            then ${page.data} end as data`
      : sql`0 as data_bytes, ${page.data}`;
    return sql`select ${page.id}, ${page.createdAt}, ${page.updatedAt}, ${page.version}, ${page.submitted},
        ${page.clientId}, ${page.organizationId}, ${page.inventoryTypeId}, ${page.formVersion},
        ${answers ? sql`${page.report}` : sql`null::bytea as report`}, ${answerColumns}
      from (${pageRows}) page order by ${PAGE_ORDER}`;
  });
  const rows = await runPrepared(database, statement, {
    ...patternOf(query),
    limit: window.limit,
    offset: window.offset,
    ...(window.answers ? { budget: window.answers.maxBytes } : {}),
  });
  return openRecordRows(database, rows);
}
