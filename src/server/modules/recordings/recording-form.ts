import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { formsOfVersions } from '../form-versions/form-version-service.ts';
import { recordFormOf } from '../records/open-records.ts';
import type { RecordModel } from '../records/record-model.ts';

/**
 * Issue 41 §1: only a text or long-text question of the record's own form takes a recording (a
 * choice, a date or a table cell has nothing to say aloud).
 */
export async function textQuestionOf(
  deps: ServiceDeps,
  record: Pick<RecordModel, 'inventoryTypeId' | 'formVersion' | 'data'>,
  answerKey: string,
): Promise<boolean> {
  const key = `${record.inventoryTypeId}/${record.formVersion}`;
  // Only the form leaves the door (a record's own steps live in its answers, issue 12).
  const form = recordFormOf((await formsOfVersions(deps, [key])).get(key), record.data).template;
  if (!form) return false;
  return form.steps.some((step) =>
    step.fields.some(
      (field) => field.id === answerKey && (field.type === 'text' || field.type === 'textarea'),
    ),
  );
}
