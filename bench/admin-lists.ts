// Issue 10: the admin console at scale. 100,000 records, 10,000 users and 1,000 organizations in
// the database of a real server process; the Records tab's requests (first page, a search, a sort,
// a deep page) and the Users tab's pages, each asked again and again, one at a time, as one admin's
// browser would.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../src/server/config.ts';
import type { Db } from '../src/server/db/database.ts';
import { roles, userRoles, users } from '../src/server/db/schema.ts';
import { signTestIdToken } from '../src/server/test-support/test-tokens.ts';
import { startBenchServer } from './bench-server.ts';
import { type Summary, summarize } from './stats.ts';

export const ADMIN_SCALE = { records: 100_000, users: 10_000, organizations: 1_000 } as const;
const REPEATS = 40;

export interface AdminListCase {
  name: string;
  summary: Summary;
  bytes: number;
}

export interface AdminListsRun {
  database: 'PGlite' | 'PostgreSQL';
  seedS: number;
  cases: AdminListCase[];
}

const PAGE_QUERY = `query($input: RecordsPageInput!) { recordsPage(input: $input) {
  totalCount page pageCount
  records { id createdAt updatedAt submitted clientId user { id name } organization { id name }
            inventoryType { id name model } reportGenerations { id } } } }`;

const USERS_QUERY = `query($input: UsersPageInput!) { usersPage(input: $input) {
  totalCount page pageCount allRoles { id name }
  users { id name email federatedId organization { id name } roles { id name } } } }`;

/** Bulk rows straight in SQL (generate_series), so seeding 100,000 records takes seconds. */
async function seedScale(db: Db): Promise<void> {
  await db.execute(sql`insert into organizations (name)
    select 'Organization ' || g from generate_series(1, ${ADMIN_SCALE.organizations}) g`);
  await db.execute(sql`insert into users (federated_id, email, name, organization_id)
    select gen_random_uuid()::text, 'person-' || g || '@scale.test', 'Person ' || g,
           (select id from organizations order by id offset (g % ${ADMIN_SCALE.organizations}) limit 1)
    from generate_series(1, ${ADMIN_SCALE.users}) g`);
  await db.execute(sql`insert into life_records (client, organization_id, inventory_type_id, created_at)
    select case when g % 10 = 0 then null else u.id end, u.organization_id,
           (select id from inventory_types limit 1), now() - (g || ' seconds')::interval
    from generate_series(1, ${ADMIN_SCALE.records}) g
    join lateral (select id, organization_id from users where email = 'person-' || (1 + g % ${ADMIN_SCALE.users}) || '@scale.test') u on true`);
}

async function admin(db: Db, config: Config): Promise<string> {
  const federatedId = randomUUID();
  const [user] = await db
    .insert(users)
    .values({ federatedId, email: 'scale-admin@bench.test', name: 'Scale Admin' })
    .returning({ id: users.id });
  const [role] = await db.select().from(roles).where(sql`${roles.name} = 'admin'`);
  if (!user || !role) throw new Error('seeding the admin failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return signTestIdToken(db, config, {
    sub: federatedId,
    email: 'scale-admin@bench.test',
    name: 'Scale Admin',
    roles: ['admin'],
    expiresIn: 3600,
  });
}

async function timed(request: () => Promise<Response>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok || body.includes('"errors"'))
    throw new Error(`admin list request failed: ${body.slice(0, 300)}`);
  return { ms, bytes: body.length };
}

export async function runAdminLists(
  kind: 'pglite' | 'postgres',
  postgresUrl?: string,
): Promise<AdminListsRun> {
  let token = '';
  const seedStarted = performance.now();
  const server = await startBenchServer({
    kind,
    editors: 0,
    ...(postgresUrl ? { postgresUrl } : {}),
    seedMore: async (db, config) => {
      await db.execute(sql`insert into inventory_types (name, description, form)
        values ('Scale Type', 'Bench', '{"formId":"s","steps":[]}'::jsonb)`);
      await seedScale(db);
      token = await admin(db, config);
    },
  });
  const seedS = (performance.now() - seedStarted) / 1000;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const graphql = (query: string, variables: unknown) => () =>
    fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
  const page = (input: Record<string, unknown>) => graphql(PAGE_QUERY, { input });
  const cases: [string, () => Promise<Response>][] = [
    ['Records: first page (newest first, 25 rows)', page({})],
    ['Records: first page, unassigned shown', page({ showUnassigned: true })],
    ['Records: search "person 12" (substring of 10,000 names)', page({ search: 'person 12' })],
    ['Records: sorted by client name', page({ sort: 'CLIENT', direction: 'ASCENDING' })],
    ['Records: page 3,000 of 3,600', page({ showUnassigned: true, page: 3000 })],
    ['Users: first page (by name, 25 rows, with roles)', graphql(USERS_QUERY, { input: {} })],
    ['Users: search "person 12"', graphql(USERS_QUERY, { input: { search: 'person 12' } })],
    [
      'Users: sorted by organization, page 200',
      graphql(USERS_QUERY, { input: { sort: 'ORGANIZATION', page: 200 } }),
    ],
    ["Organizations: all 1,000 (the Users tab's select)", graphql('{ organizations { id name } }', {})],
  ];
  try {
    const results: AdminListCase[] = [];
    for (const [name, request] of cases) {
      await timed(request); // warm: the statement is prepared and the pages are in cache
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REPEATS; i++) {
        const { ms, bytes: size } = await timed(request);
        samples.push(ms);
        bytes = size;
      }
      results.push({ name, summary: summarize(samples), bytes });
    }
    return { database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', seedS, cases: results };
  } finally {
    await server.stop();
  }
}

export function renderAdminListsConsole(run: AdminListsRun): string {
  return run.cases
    .map(
      (c) =>
        `  ${run.database} ${c.name}: p50 ${c.summary.p50.toFixed(1)} ms, p95 ${c.summary.p95.toFixed(1)} ms, ${(c.bytes / 1024).toFixed(1)} KiB`,
    )
    .join('\n');
}

export function renderAdminListsSection(runs: AdminListsRun[]): string {
  if (runs.length === 0) return '';
  return [
    '## Admin console at scale (issue 10)',
    '',
    `${ADMIN_SCALE.records.toLocaleString('en-US')} records (one in ten without a user), ${ADMIN_SCALE.users.toLocaleString('en-US')} users and ${ADMIN_SCALE.organizations.toLocaleString('en-US')} organizations`,
    'seeded into the database of a real server process (`bench/admin-lists.ts`); each request sent once to',
    `warm up, then ${REPEATS} times one after another over HTTP, as one admin's browser would; time to the`,
    'last byte of the answer. The Records and Users tabs are searched, sorted and paged by the database.',
    '',
    '| Database | Request | p50 | p95 | Answer |',
    '|---|---|---|---|---|',
    ...runs.flatMap((run) =>
      run.cases.map(
        (c) =>
          `| ${run.database} | ${c.name} | ${c.summary.p50.toFixed(1)} ms | ${c.summary.p95.toFixed(1)} ms | ${(c.bytes / 1024).toFixed(1)} KiB |`,
      ),
    ),
    '',
  ].join('\n');
}
