import { isFilledValue } from './answer-completeness.ts';
import { type AnswerSlot, answerSlots } from './form-answer-keys.ts';
import type { FormTemplate } from './form-template.ts';

/**
 * Moving a record's answers from one form (version or type) to another (issue 12): which answer
 * key goes where, proposed by field id and then by label, confirmed or edited by the admin, and
 * whether each answer can be carried over as it is. Nothing here deletes anything: an answer that
 * cannot move is reported with its reason, and the caller keeps it (docs/decisions/100).
 */

/** Source answer key → target answer key, or null for "do not carry over". */
export type AnswerMapping = Readonly<Record<string, string | null>>;

export type MatchedBy = 'id' | 'label' | 'none';

export interface ProposedMapping {
  readonly from: AnswerSlot;
  readonly to: AnswerSlot | null;
  readonly matchedBy: MatchedBy;
}

const normalized = (label: string) => label.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/**
 * For every answer of the source form: the target answer with the same key, else the one target
 * answer with the same label (case and spacing aside) that nothing else maps to, else none.
 */
export function proposeAnswerMapping(from: FormTemplate, to: FormTemplate): ProposedMapping[] {
  const sources = answerSlots(from);
  const targets = answerSlots(to);
  const byKey = new Map(targets.map((slot) => [slot.key, slot]));
  const taken = new Set(sources.filter((slot) => byKey.has(slot.key)).map((slot) => slot.key));
  const byLabel = new Map<string, AnswerSlot[]>();
  for (const slot of targets) {
    if (taken.has(slot.key)) continue;
    const label = normalized(slot.label);
    byLabel.set(label, [...(byLabel.get(label) ?? []), slot]);
  }
  const sourceLabelCount = new Map<string, number>();
  for (const slot of sources) {
    if (byKey.has(slot.key)) continue;
    const label = normalized(slot.label);
    sourceLabelCount.set(label, (sourceLabelCount.get(label) ?? 0) + 1);
  }
  return sources.map((slot) => {
    const sameKey = byKey.get(slot.key);
    if (sameKey) return { from: slot, to: sameKey, matchedBy: 'id' };
    const label = normalized(slot.label);
    const candidates = byLabel.get(label) ?? [];
    // Only an unambiguous label match: one target, one source of that label.
    if (candidates.length === 1 && sourceLabelCount.get(label) === 1 && candidates[0]) {
      return { from: slot, to: candidates[0], matchedBy: 'label' };
    }
    return { from: slot, to: null, matchedBy: 'none' };
  });
}

export function mappingOf(proposals: readonly ProposedMapping[]): AnswerMapping {
  return Object.fromEntries(proposals.map((entry) => [entry.from.key, entry.to?.key ?? null]));
}

/** Problems of a mapping an admin edited: unknown keys, two answers sent to one target. */
export function findMappingProblems(mapping: AnswerMapping, from: FormTemplate, to: FormTemplate): string[] {
  const sourceKeys = new Set(answerSlots(from).map((slot) => slot.key));
  const targetKeys = new Set(answerSlots(to).map((slot) => slot.key));
  const problems: string[] = [];
  const used = new Map<string, string>();
  for (const [source, target] of Object.entries(mapping)) {
    if (!sourceKeys.has(source)) problems.push(`"${source}" is not an answer of the source form.`);
    if (target === null) continue;
    if (!targetKeys.has(target)) problems.push(`"${target}" is not an answer of the target form.`);
    const other = used.get(target);
    if (other !== undefined) problems.push(`"${other}" and "${source}" are both mapped to "${target}".`);
    used.set(target, source);
  }
  return problems;
}

export type Conversion = { ok: true; value: unknown } | { ok: false; reason: string };

const TEXT_TYPES = new Set(['text', 'textarea']);

/** An answer as the target question can hold it, or why it cannot. Empty answers never move. */
export function convertAnswer(value: unknown, target: AnswerSlot): Conversion {
  if (!isFilledValue(value)) return { ok: false, reason: 'empty' };
  const list = Array.isArray(value) ? value.filter((entry) => isFilledValue(entry)) : null;
  const options = new Set(target.options);
  switch (target.type) {
    case 'radio': {
      const single = list ? (list.length === 1 ? list[0] : undefined) : value;
      if (single === undefined) return { ok: false, reason: 'several choices cannot become one' };
      const text = String(single);
      return options.has(text)
        ? { ok: true, value: text }
        : { ok: false, reason: `"${text}" is not an option of the target` };
    }
    case 'checkbox': {
      if (target.options.length === 0) {
        return value === true
          ? { ok: true, value: true }
          : { ok: false, reason: 'the target is a single yes/no box' };
      }
      const entries = (list ?? [value]).map(String);
      const missing = entries.filter((entry) => !options.has(entry));
      if (missing.length > 0) {
        return {
          ok: false,
          reason: `${missing.map((entry) => `"${entry}"`).join(', ')} not an option of the target`,
        };
      }
      return { ok: true, value: entries };
    }
    case 'table':
      return { ok: false, reason: 'a table holds no answer of its own' };
    default: {
      if (list) {
        return TEXT_TYPES.has(target.type)
          ? { ok: true, value: list.map(String).join(', ') }
          : { ok: false, reason: `a list of choices cannot become a ${target.type} answer` };
      }
      if (typeof value === 'string' || typeof value === 'number') return { ok: true, value: String(value) };
      return { ok: false, reason: `this answer cannot become a ${target.type} answer` };
    }
  }
}

export interface MappedAnswers {
  /** The answers under the target's keys. */
  readonly moved: Readonly<Record<string, unknown>>;
  /** Source keys carried over, with their target key. */
  readonly carried: readonly { from: string; to: string }[];
  /** Source answers not carried over, with why; the caller keeps them. */
  readonly leftBehind: readonly { key: string; reason: string }[];
}

/**
 * One record's answers through a mapping. Keys the source form does not know (older answers,
 * bookkeeping) are not touched here: the caller decides (they are kept).
 */
export function mapAnswers(
  answers: Readonly<Record<string, unknown>>,
  mapping: AnswerMapping,
  to: FormTemplate,
): MappedAnswers {
  const targets = new Map(answerSlots(to).map((slot) => [slot.key, slot]));
  const moved: Record<string, unknown> = {};
  const carried: { from: string; to: string }[] = [];
  const leftBehind: { key: string; reason: string }[] = [];
  for (const [key, target] of Object.entries(mapping)) {
    if (!Object.hasOwn(answers, key) || !isFilledValue(answers[key])) continue;
    const slot = target === null ? undefined : targets.get(target);
    if (!slot) {
      leftBehind.push({ key, reason: 'not mapped to a question of the target' });
      continue;
    }
    const conversion = convertAnswer(answers[key], slot);
    if (!conversion.ok) {
      leftBehind.push({ key, reason: conversion.reason });
      continue;
    }
    Object.defineProperty(moved, slot.key, {
      value: conversion.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    carried.push({ from: key, to: slot.key });
  }
  return { moved, carried, leftBehind };
}

/** An answer mapping run backwards (an undo): each carried answer goes back to its source key. */
export function invertAnswerMapping(mapping: AnswerMapping): Record<string, string> {
  const inverse: Record<string, string> = Object.create(null);
  for (const [from, to] of Object.entries(mapping)) if (to !== null) inverse[to] = from;
  return inverse;
}

/** One form change of a record: the row version it made, the form version before it, its key moves. */
export interface FormChangeStep {
  readonly version: number;
  readonly fromFormVersion: number;
  readonly moves: AnswerMapping;
}

/**
 * Issue 26 §3: where an answer typed under `key` against row version `typedAgainst` is after the
 * record's form changes since then, as the migrations moved the stored answers (record-migration.ts):
 * a carried answer follows its question; one not carried stays under its key, or `{key}@v{n}`
 * when the form it ends on (`targetKeys`) uses that key for another question. `version` is the last
 * form change it went through (its answers count as typed against it), or `typedAgainst`.
 */
export function movedAnswerKey(
  key: string,
  typedAgainst: number,
  steps: readonly FormChangeStep[],
  targetKeys: ReadonlySet<string>,
): { key: string; version: number } {
  const later = steps.filter((step) => step.version > typedAgainst).sort((a, b) => a.version - b.version);
  const version = later.at(-1)?.version ?? typedAgainst;
  let current = key;
  for (const step of later) {
    if (!Object.hasOwn(step.moves, current)) continue;
    const next = step.moves[current];
    if (next === null || next === undefined) {
      return { key: targetKeys.has(current) ? `${current}@v${step.fromFormVersion}` : current, version };
    }
    current = next;
  }
  return { key: current, version };
}
