import type { AnswerMap } from './answer-completeness.ts';
import { withoutDeclinedAnswers } from './declined-answer.ts';
import { isSectionChoiceKey } from './section-choices.ts';
import { parseFlattenedAnswerKey } from './table-answer-keys.ts';
import { isRecordingKey } from './voice-answer-keys.ts';

/** customer-app §3 record data keys that are bookkeeping, not answers (customer-app §5, admin-app §5). */
export const RECORD_BOOKKEEPING_KEYS: readonly string[] = ['steps', 'currentStep', 'flattened'];

/**
 * A bookkeeping key: the three above, a section's content-note choice (issue 28 §2, decision 120),
 * or a recording's descriptor (issue 41 §7: audio and its draft transcript are never report
 * material or AI input; only the transcript the person used, which is then the typed answer).
 */
export function isRecordBookkeepingKey(key: string): boolean {
  return RECORD_BOOKKEEPING_KEYS.includes(key) || isSectionChoiceKey(key) || isRecordingKey(key);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * admin-app §5 "empty, null and false values are dropped": the value without its empty parts, or
 * undefined when nothing is left. Blank text is empty (decision 020); 0 is an answer ("0 brothers")
 * and stays. Lists and objects lose their empty entries and go when none is left.
 */
function withoutEmpty(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : undefined; // -0 → 0
  if (value === true) return true;
  if (Array.isArray(value)) {
    const entries = value.map(withoutEmpty).filter((entry) => entry !== undefined);
    return entries.length > 0 ? entries : undefined;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
      .map(([key, entry]) => [key, withoutEmpty(entry)] as const)
      .filter(([, entry]) => entry !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}

/** admin-app §5: "a non-empty array, true, a non-blank string or a non-zero number". */
function isMeaningful(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0;
  return value === true;
}

const IDENTIFYING_WORDS = new Set(['name', 'label', 'title', 'id']);

/**
 * admin-app §5: members "whose names contain name, label, title or id, or that are called
 * medicalCondition" identify a row rather than answer it. "Contain" is read per word of the
 * camelCase, snake_case or kebab-case name, case-insensitively, plural too, and any word ending in
 * "name" (surname): a plain substring test would count `incidentDetails`, `provider` or `didOccur`
 * as identifying and drop real answers (decision 020).
 */
export function isIdentifyingMember(member: string): boolean {
  if (member.toLowerCase() === 'medicalcondition') return true;
  const words = member
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
  // A plural counts as its singular: `siblingNames`, `ids`.
  return words.some((word) => IDENTIFYING_WORDS.has(word.replace(/s$/, '')) || word.endsWith('name'));
}

/** One table row of report data by cell id; a hyphenated key yields to a double-underscore one. */
type Row = Map<string, { value: unknown; hyphenated: boolean }>;
type Entry = { answer: unknown } | { rows: Map<number, Row> };

/** admin-app §5: a three-part group is kept only if a non-identifying member has a meaningful value. */
function rowIsKept(row: Row): boolean {
  return [...row].some(([member, { value }]) => !isIdentifyingMember(member) && isMeaningful(value));
}

/**
 * customer-app §3: `flattened` maps table keys to answers. A table answer found only there is still
 * an answer (decision 020); the top-level one wins when both exist.
 */
export function withTableAnswersOfFlattenedMap(data: AnswerMap): AnswerMap {
  if (!isPlainObject(data.flattened)) return data;
  const onlyThere = Object.entries(data.flattened).filter(
    ([key]) => parseFlattenedAnswerKey(key) !== null && !Object.hasOwn(data, key),
  );
  return { ...Object.fromEntries(onlyThere), ...data };
}

/**
 * The non-empty answers in order, plain ones by key and table cells gathered per table and row.
 * Map keys are prefixed so an answer and a table of the same name stay apart; a table takes the
 * place of its first cell.
 */
function collectEntries(data: AnswerMap): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const [key, raw] of Object.entries(data)) {
    const value = withoutEmpty(raw);
    if (isRecordBookkeepingKey(key) || value === undefined) continue;
    const address = parseFlattenedAnswerKey(key);
    if (!address) {
      entries.set(`answer:${key}`, { answer: value });
      continue;
    }
    const table = entries.get(`table:${address.tableId}`) ?? { rows: new Map<number, Row>() };
    if (!('rows' in table)) continue; // unreachable: the prefixes differ
    entries.set(`table:${address.tableId}`, table);
    const row = table.rows.get(address.rowIndex) ?? new Map();
    table.rows.set(address.rowIndex, row);
    // The double-underscore key is the current format: it wins over an older hyphenated one.
    const hyphenated = address.separator === '-';
    const existing = row.get(address.cellFieldId);
    if (!hyphenated || !existing || existing.hyphenated) row.set(address.cellFieldId, { value, hyphenated });
  }
  return entries;
}

/** The kept rows of a table by row index, in row order; null when none is kept. */
function keptRows(rows: Map<number, Row>): Record<string, Record<string, unknown>> | null {
  const kept = [...rows]
    .filter(([, row]) => rowIsKept(row))
    .sort(([a], [b]) => a - b)
    .map(([rowIndex, row]) => [
      String(rowIndex),
      Object.fromEntries([...row].map(([cellId, { value }]) => [cellId, value])),
    ]);
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/**
 * Record data as the report service receives it (customer-app §5, §7 `formData`; admin-app §5
 * "Preparing report data"): the answers without empty, null and false values and without the
 * bookkeeping keys; flattened table keys (`siblings__0__name`, or the older `siblings-0-name`)
 * regrouped as `{ siblings: { "0": { name: … } } }`, keeping only rows that say something. A plain
 * JSON object, ready for `JSON.stringify`. Issue 28 §3: a declined answer ("Prefer not to answer")
 * is left out like an empty one.
 */
export function prepareReportData(data: AnswerMap): Record<string, unknown> {
  const entries = collectEntries(withTableAnswersOfFlattenedMap(withoutDeclinedAnswers(data)));
  const result: Array<[string, unknown]> = [];
  for (const [slot, entry] of entries) {
    const name = slot.slice(slot.indexOf(':') + 1);
    if ('answer' in entry) {
      result.push([name, entry.answer]);
      continue;
    }
    const rows = keptRows(entry.rows);
    if (!rows) continue;
    // A plain answer of the same name keeps its key; the rows then go beside it (decision 020).
    let tableName = name;
    while (entries.has(`answer:${tableName}`)) tableName = `${tableName} rows`;
    result.push([tableName, rows]);
  }
  // Object.fromEntries defines own properties, so even a key named __proto__ stays an answer.
  return Object.fromEntries(result);
}
