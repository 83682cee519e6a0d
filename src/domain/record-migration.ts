import { isFilledValue } from './answer-completeness.ts';
import { type AnswerMapping, mapAnswers } from './answer-mapping.ts';
import { answerSlots } from './form-answer-keys.ts';
import type { FormTemplate } from './form-template.ts';
import {
  answersOfRecordData,
  FLATTENED_KEY,
  flattenedTableAnswers,
  isPlainObject,
} from './record-form-data.ts';

/**
 * One record's stored data moved to another form version or type (issue 12, decision 100). Carried
 * answers leave their old key for the target's; everything else stays in the data, readable by
 * admins and in the person's export. An answer that would sit on a key the target form uses (so it
 * would show as an answer it is not, or be overwritten) is kept under `{key}@v{n}` instead.
 */
export interface MigratedRecordData {
  readonly data: Record<string, unknown>;
  readonly carried: readonly { from: string; to: string }[];
  readonly leftBehind: readonly { key: string; reason: string }[];
}

/** `__proto__` is a legal answer key: set it as data, never as the object's prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function keptAnswerKey(key: string, fromVersion: number): string {
  return `${key}@v${fromVersion}`;
}

export function migrateRecordData(
  stored: unknown,
  mapping: AnswerMapping,
  target: FormTemplate,
  fromVersion: number,
): MigratedRecordData {
  const source = isPlainObject(stored) ? stored : {};
  const answers = answersOfRecordData(source);
  const mapped = mapAnswers(answers, mapping, target);
  const data: Record<string, unknown> = {};
  // Bookkeeping first (the step the person was on); `flattened` is derived again below.
  for (const [key, value] of Object.entries(source)) {
    if (key !== FLATTENED_KEY && !Object.hasOwn(answers, key)) setOwn(data, key, value);
  }
  const carriedFrom = new Set(mapped.carried.map((entry) => entry.from));
  const targetKeys = new Set(answerSlots(target).map((slot) => slot.key));
  for (const [key, value] of Object.entries(answers)) {
    if (carriedFrom.has(key)) continue;
    if (targetKeys.has(key) && !isFilledValue(value)) continue;
    setOwn(data, targetKeys.has(key) ? keptAnswerKey(key, fromVersion) : key, value);
  }
  for (const [key, value] of Object.entries(mapped.moved)) setOwn(data, key, value);
  // admin-app §5: a migrated record's `steps` are the target form's.
  if (Object.hasOwn(source, 'steps')) data.steps = target.steps;
  const flattened = flattenedTableAnswers(target, mapped.moved);
  if (Object.keys(flattened).length > 0 || Object.hasOwn(source, FLATTENED_KEY)) {
    data[FLATTENED_KEY] = flattened;
  }
  return { data, carried: mapped.carried, leftBehind: mapped.leftBehind };
}

// Messages of the versions panel and the mapped migration (issue 12), shown as the server says them.
export const NOTHING_TO_PUBLISH = (latest: number) =>
  `Nothing to publish: the form is the same as version ${latest}.`;
export const SAME_VERSION_MIGRATION = 'Choose another version or type to migrate to.';
export const VERSION_NOT_FOUND = 'That form version does not exist.';
export const MIGRATION_BATCH_NOT_FOUND = 'That migration does not exist.';
export const NOTHING_TO_MIGRATE = 'No records use that version.';

export function mappedMigrationMessage(migrated: number, changedDuring: number): string {
  const moved = `Migrated ${migrated} record${migrated === 1 ? '' : 's'}.`;
  return changedDuring === 0
    ? moved
    : `${moved} ${changedDuring} changed while it ran and ${changedDuring === 1 ? 'was' : 'were'} left as ${changedDuring === 1 ? 'it was' : 'they were'}.`;
}

export function undoMessage(restored: number, changedSince: number): string {
  const back = `Undone: ${restored} record${restored === 1 ? '' : 's'} restored.`;
  return changedSince === 0
    ? back
    : `${back} ${changedSince} changed after the migration and ${changedSince === 1 ? 'was' : 'were'} left as ${changedSince === 1 ? 'it is' : 'they are'}, so nothing typed since is lost.`;
}
