import { type AnswerMapping, type FormChangeStep, invertAnswerMapping } from '#domain/answer-mapping.ts';
import { type FormTemplate, parseFormTemplate } from '#domain/form-template.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { NOTHING_TO_PUBLISH, VERSION_NOT_FOUND } from '#domain/record-migration.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { findInventoryType } from '../inventory-types/inventory-type-service.ts';
import * as versions from './form-version-repository.ts';
import * as history from './migration-history-repository.ts';

const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };
const TYPE_NOT_FOUND = { notFound: 'Inventory type not found.' };
// Records are read and moved this many at a time: a migration never holds every record's answers.
const _BATCH = 200;

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

/** A published version's form, parsed (the mapped migration's target). */
export async function versionForm(deps: ServiceDeps, typeId: string, number: number) {
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
  const rows = await history.migrationBatchesOfType(deps.database, typeId);
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
  const changes = await history.formChangesOfRecord(deps.database, recordId, Math.max(0, sinceVersion));
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
