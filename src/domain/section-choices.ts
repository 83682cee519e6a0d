/**
 * Issue 28 §2 (docs/decisions/120): what a person chose at a section's content note, kept with the
 * record so that another device does not ask again. One top-level key per section, so the per-key
 * merge of saves (decision 061) keeps the choices two devices made for different sections; the keys
 * are bookkeeping like `currentStep` (decision 060): never an answer for progress, report material,
 * export or migration.
 */
export type SectionChoice = 'continue' | 'skipped';

/** The prefix of the keys; a field id cannot sensibly start with it (decision 120). */
export const SECTION_CHOICE_PREFIX = 'sectionChoice:';
/** Keys stay within the 256 characters an answer key may have (record-answers.ts). */
const MAX_TITLE_IN_KEY = 200;

export function isSectionChoiceKey(key: string): boolean {
  return key.startsWith(SECTION_CHOICE_PREFIX);
}

/**
 * A section's key, by its title: a form version that reorders sections keeps the choice with its
 * section (an index would move it to another one). Two sections of one title share a choice.
 */
export function sectionChoiceKey(step: { stepTitle: string }): string {
  return `${SECTION_CHOICE_PREFIX}${step.stepTitle.trim().slice(0, MAX_TITLE_IN_KEY)}`;
}

/** The stored choice for a section, or null when the person has not chosen yet. */
export function sectionChoiceOf(data: unknown, step: { stepTitle: string }): SectionChoice | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const value = (data as Record<string, unknown>)[sectionChoiceKey(step)];
  return value === 'continue' || value === 'skipped' ? value : null;
}

/**
 * Whether entering the section first shows its content note: it has one, and the person has not
 * chosen Continue for it (a section skipped for now asks again when opened).
 */
export function asksBeforeSection(data: unknown, step: { stepTitle: string; contentNote?: string }): boolean {
  return (step.contentNote ?? '').trim() !== '' && sectionChoiceOf(data, step) !== 'continue';
}

/** Whether the sections list says "Skipped for now" for the section (it is not complete then). */
export function isSkippedForNow(data: unknown, step: { stepTitle: string; contentNote?: string }): boolean {
  return (step.contentNote ?? '').trim() !== '' && sectionChoiceOf(data, step) === 'skipped';
}

/**
 * Issue 44 §6: sections with a content note the person has neither opened (Continue) nor skipped:
 * Complete & Send says so and offers to send anyway; it never blocks.
 */
export function sectionsNeverOpened(
  data: unknown,
  steps: readonly { stepTitle: string; contentNote?: string }[],
): number[] {
  return steps.flatMap((step, index) =>
    (step.contentNote ?? '').trim() !== '' && sectionChoiceOf(data, step) === null ? [index] : [],
  );
}
