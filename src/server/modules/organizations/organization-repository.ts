import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import { inventoryTypes, lifeRecords, organizations } from '../../db/schema.ts';
import type { CreditCountModel, OrganizationSummaryModel } from './organization-model.ts';

const o = organizations;
// Issue 28 §6: the support line comes with the organization wherever it is read.
const SUPPORT_COLUMNS = sql`${o.supportText} as "supportText", ${o.supportPhone} as "supportPhone",
  ${o.supportUrl} as "supportUrl"`;
const COLUMNS = sql`${o.id}, ${o.name}, ${o.phone}, ${o.website}, ${SUPPORT_COLUMNS}`;
type OrganizationRow = ColumnsOfRow<typeof organizations, 'id' | 'name' | 'phone' | 'website'> & {
  supportText: string | null;
  supportPhone: string | null;
  supportUrl: string | null;
};

const ORGANIZATION_BY_ID = prepared<OrganizationRow>(
  'organization-by-id',
  sql`select ${COLUMNS} from ${o} where ${o.id} = ${value('id')}::uuid`,
);
const ALL_ORGANIZATIONS = prepared<OrganizationRow>(
  'organizations-all',
  sql`select ${COLUMNS} from ${o} order by lower(${o.name}), ${o.id}`,
);
const INSERT_ORGANIZATION = prepared<OrganizationRow>(
  'organization-insert',
  sql`insert into ${o} (${column(o.name)}, ${column(o.phone)}, ${column(o.website)},
        ${column(o.supportText)}, ${column(o.supportPhone)}, ${column(o.supportUrl)})
      values (${value('name')}, ${value('phone')}, ${value('website')},
        ${value('supportText')}, ${value('supportPhone')}, ${value('supportUrl')}) returning ${COLUMNS}`,
);
const UPDATE_ORGANIZATION = prepared<OrganizationRow>(
  'organization-update',
  sql`update ${o} set ${column(o.name)} = ${value('name')}, ${column(o.phone)} = ${value('phone')},
        ${column(o.website)} = ${value('website')},
        ${column(o.supportText)} = case when ${value('sendsSupportText')}::boolean
          then ${value('supportText')}::text else ${o.supportText} end,
        ${column(o.supportPhone)} = case when ${value('sendsSupportPhone')}::boolean
          then ${value('supportPhone')}::text else ${o.supportPhone} end,
        ${column(o.supportUrl)} = case when ${value('sendsSupportUrl')}::boolean
          then ${value('supportUrl')}::text else ${o.supportUrl} end
      where ${o.id} = ${value('id')}::uuid returning ${COLUMNS}`,
);

export async function findOrganization(database: Database, id: string) {
  const [row] = await runPrepared(database, ORGANIZATION_BY_ID, { id });
  return row;
}

export function listOrganizations(database: Database) {
  return runPrepared(database, ALL_ORGANIZATIONS);
}

export interface OrganizationValues {
  name: string;
  phone: string | null;
  website: string | null;
  /** Issue 28 §6: undefined (not sent) keeps what is stored on update. */
  supportText?: string | null | undefined;
  supportPhone?: string | null | undefined;
  supportUrl?: string | null | undefined;
}

/** The support line's parts as statement values: each, and whether it was sent at all. */
function supportValues(values: OrganizationValues) {
  return {
    supportText: values.supportText ?? null,
    supportPhone: values.supportPhone ?? null,
    supportUrl: values.supportUrl ?? null,
    sendsSupportText: values.supportText !== undefined,
    sendsSupportPhone: values.supportPhone !== undefined,
    sendsSupportUrl: values.supportUrl !== undefined,
  };
}

export async function insertOrganization(database: Database, values: OrganizationValues) {
  const [row] = await runPrepared(database, INSERT_ORGANIZATION, { ...values, ...supportValues(values) });
  if (!row) throw new Error('organization not inserted');
  return row;
}

export async function updateOrganization(database: Database, id: string, values: OrganizationValues) {
  const [row] = await runPrepared(database, UPDATE_ORGANIZATION, { ...values, ...supportValues(values), id });
  return row;
}

type InventoryTypeRow = RowOf<typeof inventoryTypes>;
/** Unassigned records of one organization and type, with the type's columns prefixed `type_`. */
type CreditRow = {
  /** Never null here: the statement asks for given organizations. */
  organization_id: NonNullable<RowOf<typeof lifeRecords>['organization_id']>;
  type_id: InventoryTypeRow['id'];
  type_name: InventoryTypeRow['name'];
  type_description: InventoryTypeRow['description'];
  type_model: InventoryTypeRow['model'];
  type_report_query: InventoryTypeRow['report_query'];
  count: number;
};

/**
 * customer-app §7 call 6: "Available counts per type are the reports with no client", for several
 * organizations in one statement; only types with a count above 0 (customer-app §2 Account).
 */
const r = lifeRecords;
const t = inventoryTypes;
const CREDITS = prepared<CreditRow>(
  'organization-credits',
  sql`select ${r.organizationId}, ${t.id} as type_id, ${t.name} as type_name,
        ${t.description} as type_description, ${t.model} as type_model,
        ${t.reportQuery} as type_report_query, count(*)::int as count
      from ${r} join ${t} on ${t.id} = ${r.inventoryTypeId}
      where ${r.organizationId} = any(${value('organizationIds')}::uuid[]) and ${r.clientId} is null
      group by ${r.organizationId}, ${t.id}
      order by lower(${t.name}), ${t.id}`,
);

export async function creditsOf(database: Database, organizationIds: readonly string[]) {
  const rows = await runPrepared(database, CREDITS, { organizationIds });
  const byOrganization = new Map<string, CreditCountModel[]>(organizationIds.map((id) => [id, []]));
  for (const row of rows) {
    byOrganization.get(row.organization_id)?.push({
      count: row.count,
      inventoryType: {
        id: row.type_id,
        name: row.type_name,
        description: row.type_description,
        model: row.type_model,
        reportQuery: row.type_report_query,
        reachedThroughRecord: false,
      },
    });
  }
  return byOrganization;
}

/** Names of several organizations in one statement (customer-app §3 organizationByOrganization). */
const SUMMARIES = prepared<OrganizationSummaryModel>(
  'organization-summaries',
  sql`select ${o.id}, ${o.name}, ${SUPPORT_COLUMNS} from ${o} where ${o.id} = any(${value('ids')}::uuid[])`,
);

export async function organizationSummaries(database: Database, ids: readonly string[]) {
  const rows = await runPrepared(database, SUMMARIES, { ids });
  return new Map(rows.map((row) => [row.id, row]));
}
