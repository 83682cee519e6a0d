import {
  MIGRATION_TARGET_INVALID,
  migrationChoiceProblem,
  migrationCompleteMessage,
  NO_MATCHING_RECORDS,
} from '#domain/admin-inputs.ts';
import { parseFormTemplate } from '#domain/form-template.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { findInventoryType } from '../inventory-types/inventory-type-service.ts';
import * as records from './record-repository.ts';

const NOT_FOUND = { notFound: 'Inventory type not found.' };
const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };

export interface MigrationOutcome {
  updated: number;
  failed: number;
  message: string;
}

/** admin-app §5 Migration, with its messages; one statement, so nothing is half-migrated. */
export async function migrateRecords(
  deps: ServiceDeps,
  actor: Actor | null,
  sourceTypeId: string,
  targetTypeId: string,
): Promise<Result<MigrationOutcome>> {
  const refused = refusal(decide(actor, 'records.migrate'), adminsOnly);
  if (refused) return refused;
  const problem = migrationChoiceProblem(sourceTypeId, targetTypeId);
  if (problem) return fail('BAD_USER_INPUT', problem);
  const [source, target] = await Promise.all(
    [sourceTypeId, targetTypeId].map((id) => (isUuid(id) ? findInventoryType(deps.database, id) : undefined)),
  );
  if (!source || !target) return denial('not-found', NOT_FOUND);
  const form = parseFormTemplate(target.form);
  if (!form.ok) return fail('BAD_USER_INPUT', MIGRATION_TARGET_INVALID);
  const input = { sourceTypeId, targetTypeId, stepsJson: JSON.stringify(form.form.steps) };
  const updated = await writeRecords(deps, async (writer) => {
    const moved = await records.migrateUnassignedRecords(writer, input);
    return { value: moved.length, changed: moved };
  });
  return ok({
    updated,
    failed: 0,
    message: updated === 0 ? NO_MATCHING_RECORDS : migrationCompleteMessage(updated),
  });
}
