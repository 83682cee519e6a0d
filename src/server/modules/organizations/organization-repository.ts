import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import type { inventoryTypes, organizations, reports } from '../../db/schema.ts';
import type { CreditCountModel, OrganizationSummaryModel } from './organization-model.ts';

const COLUMNS =
  'id, name, phone, website, support_text as "supportText", support_phone as "supportPhone", support_url as "supportUrl"';
type OrganizationRow = ColumnsOfRow<typeof organizations, 'id' | 'name' | 'phone' | 'website'> & {
  supportText: string | null;
  supportPhone: string | null;
  supportUrl: string | null;
};

export async function findOrganization(database: Database, id: string) {
  const [row] = await runPrepared<OrganizationRow>(database, {
    name: 'organization-by-id',
    text: `select ${COLUMNS} from organizations where id = $1::uuid`,
    values: [id],
  });
  return row;
}

export function listOrganizations(database: Database) {
  return runPrepared<OrganizationRow>(database, {
    name: 'organizations-all',
    text: `select ${COLUMNS} from organizations order by lower(name), id`,
    values: [],
  });
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

/** The support line's parts as statement values: a flag "was it sent" and the value. */
function supportValues(values: OrganizationValues) {
  return [values.supportText, values.supportPhone, values.supportUrl].flatMap((value) => [
    value !== undefined,
    value ?? null,
  ]);
}

export async function insertOrganization(database: Database, values: OrganizationValues) {
  const [row] = await runPrepared<OrganizationRow>(database, {
    name: 'organization-insert',
    text: `insert into organizations (name, phone, website, support_text, support_phone, support_url)
           values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    values: [
      values.name,
      values.phone,
      values.website,
      values.supportText ?? null,
      values.supportPhone ?? null,
      values.supportUrl ?? null,
    ],
  });
  if (!row) throw new Error('organization not inserted');
  return row;
}

export async function updateOrganization(database: Database, id: string, values: OrganizationValues) {
  const [row] = await runPrepared<OrganizationRow>(database, {
    name: 'organization-update',
    text: `update organizations set name = $2, phone = $3, website = $4,
             support_text = case when $5::boolean then $6::text else support_text end,
             support_phone = case when $7::boolean then $8::text else support_phone end,
             support_url = case when $9::boolean then $10::text else support_url end
           where id = $1::uuid returning ${COLUMNS}`,
    values: [id, values.name, values.phone, values.website, ...supportValues(values)],
  });
  return row;
}

type InventoryTypeRow = RowOf<typeof inventoryTypes>;
/** Unassigned records of one organization and type, with the type's columns prefixed `type_`. */
type CreditRow = {
  /** Never null here: the statement asks for given organizations. */
  organization_id: NonNullable<RowOf<typeof reports>['organization_id']>;
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
export async function creditsOf(database: Database, organizationIds: readonly string[]) {
  const rows = await runPrepared<CreditRow>(database, {
    name: 'organization-credits',
    text: `select r.organization_id, t.id as type_id, t.name as type_name, t.description as type_description,
                  t.model as type_model, t.report_query as type_report_query, count(*)::int as count
           from reports r join inventory_types t on t.id = r.inventory_type_id
           where r.organization_id = any($1::uuid[]) and r.client is null
           group by r.organization_id, t.id
           order by lower(t.name), t.id`,
    values: [organizationIds],
  });
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
export async function organizationSummaries(database: Database, ids: readonly string[]) {
  const rows = await runPrepared<OrganizationSummaryModel>(database, {
    name: 'organization-summaries',
    text: `select id, name, support_text as "supportText", support_phone as "supportPhone",
                  support_url as "supportUrl"
           from organizations where id = any($1::uuid[])`,
    values: [ids],
  });
  return new Map(rows.map((row) => [row.id, row]));
}
