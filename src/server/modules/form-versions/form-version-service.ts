import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  type AnswerMapping,
  type FormChangeStep,
  findMappingProblems,
  invertAnswerMapping,
} from '#domain/answer-mapping.ts';
import { type FormTemplate, parseFormTemplate } from '#domain/form-template.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import {
  MIGRATION_BATCH_NOT_FOUND,
  mappedMigrationMessage,
  migrateRecordData,
  NOTHING_TO_MIGRATE,
  NOTHING_TO_PUBLISH,
  SAME_VERSION_MIGRATION,
  undoMessage,
  VERSION_NOT_FOUND,
} from '#domain/record-migration.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { findInventoryType } from '../inventory-types/inventory-type-service.ts';
import * as versions from './form-version-repository.ts';

const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };
const TYPE_NOT_FOUND = { notFound: 'Inventory type not found.' };
// Records are read and moved this many at a time: a migration never holds every record's answers.
const BATCH = 200;

export interface FormVersionModel {
  inventoryTypeId: string;
  number: number;
  publishedAt: Date;
  publishedBy: string | null;
  recordCount: number;
}

const toModel = (row: versions.FormVersionRow): FormVersionModel => ({
  inventoryTypeId: row.inventory_type_id,
  number: row.number,
  publishedAt: row.published_at,
  publishedBy: row.published_by,
  recordCount: row.record_count,
});

/** Issue 12: a type's published versions, newest first, and whether its draft has changes. */
export async function listFormVersions(deps: ServiceDeps, actor: Actor | null, typeId: string) {
  const refused = refusal(decide(actor, 'inventoryType.write'), adminsOnly);
  if (refused) return refused;
  const draftChanged = isUuid(typeId)
    ? await versions.draftDiffersFromLatest(deps.database, typeId)
    : undefined;
  if (draftChanged === undefined) return denial('not-found', TYPE_NOT_FOUND);
  const rows = await versions.listFormVersions(deps.database, typeId);
  return ok({ draftChanged, versions: rows.map(toModel) });
}

/** One version's form (the diff and the mapping compare two). */
export async function getFormVersionForm(
  deps: ServiceDeps,
  actor: Actor | null,
  typeId: string,
  number: number,
): Promise<Result<FormTemplate>> {
  const refused = refusal(decide(actor, 'inventoryType.write'), adminsOnly);
  if (refused) return refused;
  const form = await versionForm(deps, typeId, number);
  return form ? ok(form) : denial('not-found', { notFound: VERSION_NOT_FOUND });
}

async function versionForm(deps: ServiceDeps, typeId: string, number: number) {
  if (!isUuid(typeId) || !Number.isInteger(number) || number < 1) return undefined;
  const stored = (await versions.formsOfVersions(deps.database, [`${typeId}/${number}`])).get(
    `${typeId}/${number}`,
  );
  if (stored === undefined) return undefined;
  const parsed = parseFormTemplate(stored);
  return parsed.ok ? parsed.form : undefined;
}

/** "Publish": the draft becomes the next version; new records take it (decision 100). */
export async function publishFormVersion(
  deps: ServiceDeps,
  actor: Actor | null,
  typeId: string,
): Promise<Result<FormVersionModel>> {
  const refused = refusal(decide(actor, 'inventoryType.write'), adminsOnly);
  if (refused || !actor) return refused ?? denial('unauthenticated');
  const type = isUuid(typeId) ? await findInventoryType(deps.database, typeId) : undefined;
  if (!type) return denial('not-found', TYPE_NOT_FOUND);
  const published = await versions.publishDraft(deps.database, typeId, actor.userId);
  if (published) return ok(toModel(published));
  const [latest] = await versions.listFormVersions(deps.database, typeId);
  return fail('BAD_USER_INPUT', NOTHING_TO_PUBLISH(latest?.number ?? 0));
}

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

export interface MigrationBatchModel {
  batchId: string;
  createdAt: Date;
  fromTypeId: string;
  fromVersion: number;
  toTypeId: string;
  toVersion: number;
  records: number;
  undone: boolean;
}

export async function migrationBatches(
  deps: ServiceDeps,
  actor: Actor | null,
  typeId: string,
): Promise<Result<MigrationBatchModel[]>> {
  const refused = refusal(decide(actor, 'records.migrate'), adminsOnly);
  if (refused) return refused;
  if (!isUuid(typeId)) return ok([]);
  const rows = await versions.migrationBatchesOfType(deps.database, typeId);
  return ok(
    rows.map((row) => ({
      batchId: row.batch_id,
      createdAt: row.created_at,
      fromTypeId: row.from_type_id,
      fromVersion: row.from_version,
      toTypeId: row.to_type_id,
      toVersion: row.to_version,
      records: row.records,
      undone: row.undone === row.records,
    })),
  );
}

/** Forms of record versions, by "typeId/number", for the record screen, reports and datasync. */
export function formsOfVersions(deps: ServiceDeps, keys: readonly string[]) {
  return versions.formsOfVersions(deps.database, keys);
}

/**
 * Issue 26 §3: the record's form changes after `sinceVersion`, oldest first: each migration with
 * the mapping it used, each undo with that mapping run backwards. The caller has read the record
 * already (the policy let the viewer see it); the steps name answer keys, never answers.
 */
export async function formChangesSince(
  deps: ServiceDeps,
  recordId: string,
  sinceVersion: number,
): Promise<FormChangeStep[]> {
  const changes = await versions.formChangesOfRecord(deps.database, recordId, Math.max(0, sinceVersion));
  const steps: FormChangeStep[] = [];
  for (const change of changes) {
    const mapping = isMapping(change.answer_mapping) ? change.answer_mapping : {};
    if (change.row_version_after > sinceVersion) {
      steps.push({ version: change.row_version_after, fromFormVersion: change.from_version, moves: mapping });
    }
    if (change.row_version_undone !== null && change.row_version_undone > sinceVersion) {
      steps.push({
        version: change.row_version_undone,
        fromFormVersion: change.to_version,
        moves: invertAnswerMapping(mapping),
      });
    }
  }
  return steps.sort((a, b) => a.version - b.version);
}

function isMapping(value: unknown): value is AnswerMapping {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((to) => to === null || typeof to === 'string')
  );
}
