// Issue 12: a mapped migration of 10,000 started records from version 1 of a 60-question form to
// version 2 (ten questions renamed, five removed, five added) on a real server process: the
// preview, the migration and its undo, each one request as an admin's browser sends it, with the
// server's resident memory sampled while they run.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { proposeAnswerMapping } from '../src/domain/answer-mapping.ts';
import type { FormTemplate } from '../src/domain/form-template.ts';
import type { Config } from '../src/server/config.ts';
import { type Db, queryRows } from '../src/server/db/database.ts';
import { roles, userRoles, users } from '../src/server/db/schema.ts';
import { signTestIdToken } from '../src/server/test-support/test-tokens.ts';
import { startBenchServer } from './bench-server.ts';
import { generatedForm } from './generated-form.ts';

export const MIGRATION_RECORDS = 10_000;

export interface MigrationStep {
  name: string;
  ms: number;
  recordsPerS: number;
  peakRssMiB: number | undefined;
}

export interface MigrationRun {
  database: 'PGlite' | 'PostgreSQL';
  idleRssMiB: number | undefined;
  steps: MigrationStep[];
}

const V1 = generatedForm(60);
/** Questions 0–9 get new ids (same labels), 50–54 are removed, five new ones are added. */
function secondVersion(): FormTemplate {
  const fields = (V1.steps[0]?.fields ?? [])
    .filter((_, index) => index < 50 || index > 54)
    .map((field, index) => (index < 10 ? { ...field, id: `renamed${index}`, conditional: null } : field));
  for (let index = 0; index < 5; index++)
    fields.push({ id: `added${index}`, label: `New ${index}`, type: 'text' });
  return { ...V1, steps: [{ stepTitle: 'Everything at once', fields }] };
}
const V2 = secondVersion();

/** A started record's answers: every text-like question of v1 answered. */
function answers(): Record<string, unknown> {
  const data: Record<string, unknown> = { currentStep: 0 };
  for (const field of V1.steps[0]?.fields ?? []) {
    if (field.type === 'radio') data[field.id] = 'Yes';
    else if (field.type === 'checkbox') data[field.id] = ['No'];
    else if (field.type === 'number') data[field.id] = '42';
    else if (field.type === 'date') data[field.id] = '1970-01-01';
    else data[field.id] = `An answer to ${field.label} that runs to a sentence or two of memories.`;
  }
  return data;
}

async function seed(db: Db, config: Config): Promise<{ token: string; typeId: string }> {
  const [type] = await queryRows<{ id: string }>(
    db,
    sql`insert into inventory_types (name, description, form)
        values ('Migration Type', 'Bench', ${JSON.stringify(V1)}::jsonb) returning id`,
  );
  if (!type) throw new Error('seeding the type failed');
  // Plaintext in the pre-issue-30 column: the server seals it at start-up (sealLegacyRows), as it
  // would an older database's answers.
  await db.execute(sql`insert into life_records (client, inventory_type_id, legacy_data)
    select null, ${type.id}::uuid, ${JSON.stringify(answers())}::jsonb
    from generate_series(1, ${MIGRATION_RECORDS})`);
  await db.execute(
    sql`update inventory_types set form = ${JSON.stringify(V2)}::jsonb where id = ${type.id}::uuid`,
  );
  await db.execute(sql`insert into inventory_type_versions (inventory_type_id, number, form)
    values (${type.id}::uuid, 2, ${JSON.stringify(V2)}::jsonb)`);
  const federatedId = randomUUID();
  const [user] = await db
    .insert(users)
    .values({ federatedId, email: 'migration-admin@bench.test', name: 'Migration Admin' })
    .returning({ id: users.id });
  const [role] = await db.select().from(roles).where(sql`${roles.name} = 'admin'`);
  if (!user || !role) throw new Error('seeding the admin failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const token = await signTestIdToken(db, config, {
    sub: federatedId,
    email: 'migration-admin@bench.test',
    name: 'Migration Admin',
    roles: ['admin'],
    expiresIn: 3600,
  });
  return { token, typeId: type.id };
}

export async function runRecordMigration(
  kind: 'pglite' | 'postgres',
  postgresUrl?: string,
): Promise<MigrationRun> {
  let seeded = { token: '', typeId: '' };
  const server = await startBenchServer({
    kind,
    editors: 0,
    ...(postgresUrl ? { postgresUrl } : {}),
    seedMore: async (db, config) => {
      seeded = await seed(db, config);
    },
  });
  const ask = async (query: string, variables: unknown) => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
    if (body.errors)
      throw new Error(`migration request failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
    return body.data ?? {};
  };
  const input = {
    sourceTypeId: seeded.typeId,
    sourceVersion: 1,
    targetTypeId: seeded.typeId,
    targetVersion: 2,
    mapping: proposeAnswerMapping(V1, V2).map((entry) => ({
      from: entry.from.key,
      to: entry.to?.key ?? null,
    })),
    includeSubmitted: false,
  };
  const measure = async (name: string, run: () => Promise<void>): Promise<MigrationStep> => {
    let peak = server.rssMiB();
    const sampler = setInterval(() => {
      const rss = server.rssMiB();
      if (rss !== undefined) peak = Math.max(peak ?? 0, rss);
    }, 100);
    const started = performance.now();
    try {
      await run();
    } finally {
      clearInterval(sampler);
    }
    const ms = performance.now() - started;
    return { name, ms, recordsPerS: (MIGRATION_RECORDS / ms) * 1000, peakRssMiB: peak };
  };
  try {
    const idleRssMiB = server.rssMiB();
    const steps = [
      await measure('Preview (reads and maps every record, writes nothing)', async () => {
        const data = await ask(
          'query($i: RecordMigrationInput!) { previewRecordMigration(input: $i) { records } }',
          { i: input },
        );
        const records = (data.previewRecordMigration as { records: number }).records;
        if (records !== MIGRATION_RECORDS) throw new Error(`preview counted ${records} records`);
      }),
    ];
    let batchId = '';
    steps.push(
      await measure('Migrate (one statement per record, kept for undo)', async () => {
        const data = await ask(
          'mutation($i: RecordMigrationInput!) { migrateRecordsMapped(input: $i) { batchId migrated } }',
          { i: input },
        );
        const outcome = data.migrateRecordsMapped as { batchId: string; migrated: number };
        if (outcome.migrated !== MIGRATION_RECORDS) throw new Error(`migrated ${outcome.migrated} records`);
        batchId = outcome.batchId;
      }),
    );
    steps.push(
      await measure('Undo (one statement for the batch)', async () => {
        const data = await ask('mutation($id: ID!) { undoRecordMigration(batchId: $id) { restored } }', {
          id: batchId,
        });
        const restored = (data.undoRecordMigration as { restored: number }).restored;
        if (restored !== MIGRATION_RECORDS) throw new Error(`undo restored ${restored} records`);
      }),
    );
    return { database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', idleRssMiB, steps };
  } finally {
    await server.stop();
  }
}

const mib = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MiB`);

export function renderRecordMigrationConsole(run: MigrationRun): string {
  return run.steps
    .map(
      (step) =>
        `  ${run.database} ${step.name}: ${(step.ms / 1000).toFixed(2)} s, ${step.recordsPerS.toFixed(0)} records/s, RSS ${mib(run.idleRssMiB)} → ${mib(step.peakRssMiB)}`,
    )
    .join('\n');
}

export function renderRecordMigrationSection(runs: MigrationRun[]): string {
  if (runs.length === 0) return '';
  return [
    '## Mapped migration of 10,000 records (issue 12)',
    '',
    `${MIGRATION_RECORDS.toLocaleString('en-US')} started records of a 60-question form, every question answered, moved from`,
    'version 1 to version 2 (ten questions renamed, five removed, five added; the mapping proposed by id then',
    'label) on a real server process (`bench/record-migration.ts`): each step is one GraphQL request, timed to',
    "the answer's last byte; the server's resident memory is sampled every 100 ms while it runs.",
    '',
    '| Database | Step | Time | Records/s | Server RSS idle → peak |',
    '|---|---|---|---|---|',
    ...runs.flatMap((run) =>
      run.steps.map(
        (step) =>
          `| ${run.database} | ${step.name} | ${(step.ms / 1000).toFixed(2)} s | ${step.recordsPerS.toFixed(0)} | ${mib(run.idleRssMiB)} → ${mib(step.peakRssMiB)} |`,
      ),
    ),
    '',
  ].join('\n');
}
