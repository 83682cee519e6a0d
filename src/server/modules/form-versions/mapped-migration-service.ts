import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type AnswerMapping, findMappingProblems } from '#domain/answer-mapping.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import {
  MIGRATION_BATCH_NOT_FOUND,
  mappedMigrationMessage,
  migrateRecordData,
  NOTHING_TO_MIGRATE,
  SAME_VERSION_MIGRATION,
  undoMessage,
  VERSION_NOT_FOUND,
} from '#domain/record-migration.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import * as versions from './form-version-repository.ts';
import { versionForm } from './form-version-service.ts';

const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };
const _TYPE_NOT_FOUND = { notFound: 'Inventory type not found.' };
// Records are read and moved this many at a time: a migration never holds every record's answers.
const BATCH = 200;

// Issue 12 and 26 §3: records of one published version moved to another by the admin's mapping,
// each move kept so the batch can be undone.
const migrationInput = z.object({
  sourceTypeId: z.string(),
  sourceVersion: z.number().int().positive(),
  targetTypeId: z.string(),
  targetVersion: z.number().int().positive(),
  mapping: z
    .array(z.object({ from: z.string().max(1000), to: z.string().max(1000).nullable() }))
    .max(20_000, 'The mapping is too long.'),
  includeSubmitted: z.boolean(),
});
export type RecordMigrationInput = z.infer<typeof migrationInput>;

interface MigrationPlan {
  input: RecordMigrationInput;
  mapping: AnswerMapping;
  target: FormTemplate;
}

async function planMigration(deps: ServiceDeps, raw: unknown): Promise<Result<MigrationPlan>> {
  const parsed = migrationInput.safeParse(raw);
  if (!parsed.success) return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid migration.');
  const input = parsed.data;
  if (input.sourceTypeId === input.targetTypeId && input.sourceVersion === input.targetVersion) {
    return fail('BAD_USER_INPUT', SAME_VERSION_MIGRATION);
  }
  const [source, target] = await Promise.all([
    versionForm(deps, input.sourceTypeId, input.sourceVersion),
    versionForm(deps, input.targetTypeId, input.targetVersion),
  ]);
  if (!source || !target) return denial('not-found', { notFound: VERSION_NOT_FOUND });
  const mapping: Record<string, string | null> = Object.create(null);
  for (const entry of input.mapping) mapping[entry.from] = entry.to;
  const problem = findMappingProblems(mapping, source, target)[0];
  if (problem) return fail('BAD_USER_INPUT', problem);
  return ok({ input, mapping, target });
}

async function* recordsToMigrate(deps: ServiceDeps, input: RecordMigrationInput) {
  let afterId: string | null = null;
  for (;;) {
    const rows = await versions.recordsOfVersion(deps.database, {
      typeId: input.sourceTypeId,
      version: input.sourceVersion,
      includeSubmitted: input.includeSubmitted,
      afterId,
      limit: BATCH,
    });
    yield* rows;
    if (rows.length < BATCH) return;
    afterId = rows[rows.length - 1]?.id ?? null;
  }
}

export interface MigrationPreview {
  records: number;
  submittedLeftOut: number;
  carried: { from: string; to: string; answers: number }[];
  leftBehind: { key: string; reason: string; answers: number }[];
}

/** What a mapped migration would do, counted over the records it would move; nothing is written. */
export async function previewRecordMigration(
  deps: ServiceDeps,
  actor: Actor | null,
  raw: unknown,
): Promise<Result<MigrationPreview>> {
  const refused = refusal(decide(actor, 'records.migrate'), adminsOnly);
  if (refused) return refused;
  const plan = await planMigration(deps, raw);
  if (!plan.ok) return plan;
  const { input, mapping, target } = plan.value;
  const carried = new Map<string, { from: string; to: string; answers: number }>();
  const leftBehind = new Map<string, { key: string; reason: string; answers: number }>();
  let records = 0;
  for await (const row of recordsToMigrate(deps, input)) {
    records += 1;
    const moved = migrateRecordData(row.data, mapping, target, input.sourceVersion);
    for (const entry of moved.carried) {
      const id = `${entry.from}\u0000${entry.to}`;
      const count = carried.get(id) ?? { ...entry, answers: 0 };
      count.answers += 1;
      carried.set(id, count);
    }
    for (const entry of moved.leftBehind) {
      const id = `${entry.key}\u0000${entry.reason}`;
      const count = leftBehind.get(id) ?? { ...entry, answers: 0 };
      count.answers += 1;
      leftBehind.set(id, count);
    }
  }
  const submittedLeftOut = input.includeSubmitted
    ? 0
    : await versions.countSubmittedOfVersion(deps.database, input.sourceTypeId, input.sourceVersion);
  return ok({
    records,
    submittedLeftOut,
    carried: [...carried.values()],
    leftBehind: [...leftBehind.values()],
  });
}

export interface MigrationOutcome {
  batchId: string | null;
  migrated: number;
  changedDuring: number;
  message: string;
}

/** The mapped migration: one statement (one transaction) per record, each kept for an undo. */
export async function migrateRecordsMapped(
  deps: ServiceDeps,
  actor: Actor | null,
  raw: unknown,
): Promise<Result<MigrationOutcome>> {
  const refused = refusal(decide(actor, 'records.migrate'), adminsOnly);
  if (refused || !actor) return refused ?? denial('unauthenticated');
  const plan = await planMigration(deps, raw);
  if (!plan.ok) return plan;
  const { input, mapping, target } = plan.value;
  const batchId = randomUUID();
  let migrated = 0;
  let changedDuring = 0;
  for await (const row of recordsToMigrate(deps, input)) {
    const move = {
      batchId,
      recordId: row.id,
      expectedVersion: row.version,
      targetTypeId: input.targetTypeId,
      targetVersion: input.targetVersion,
      data: migrateRecordData(row.data, mapping, target, input.sourceVersion).data,
      hadAnswers: row.hasAnswers,
      mapping,
      migratedBy: actor.userId,
    };
    const moved = await writeRecords(deps, async (writer) => {
      const done = await versions.moveRecord(writer, move);
      return { value: done, changed: done ? [move.recordId] : [] };
    });
    if (moved) migrated += 1;
    else changedDuring += 1;
  }
  if (migrated === 0 && changedDuring === 0) return fail('BAD_USER_INPUT', NOTHING_TO_MIGRATE);
  return ok({
    batchId: migrated > 0 ? batchId : null,
    migrated,
    changedDuring,
    message: mappedMigrationMessage(migrated, changedDuring),
  });
}

export interface UndoOutcome {
  restored: number;
  changedSince: number;
  message: string;
}

export async function undoRecordMigration(
  deps: ServiceDeps,
  actor: Actor | null,
  batchId: string,
): Promise<Result<UndoOutcome>> {
  const refused = refusal(decide(actor, 'records.migrate'), adminsOnly);
  if (refused) return refused;
  if (!isUuid(batchId)) return denial('not-found', { notFound: MIGRATION_BATCH_NOT_FOUND });
  const { restored, total } = await writeRecords(deps, async (writer) => {
    const undone = await versions.undoBatch(writer, batchId);
    return { value: undone, changed: undone.restored };
  });
  if (total === 0) return denial('not-found', { notFound: MIGRATION_BATCH_NOT_FOUND });
  const changedSince = total - restored.length;
  return ok({ restored: restored.length, changedSince, message: undoMessage(restored.length, changedSince) });
}
