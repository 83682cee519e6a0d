import type { AnswerMap } from './answer-completeness.ts';
import type { FormTemplate } from './form-template.ts';

/** Above this an age is a typing slip (1080 for 1980), not a person (decision 020). */
export const MAX_AGE_YEARS = 150;

type CalendarDate = { year: number; month: number; day: number };

// The value of a date input (customer-app §3 field type date): YYYY-MM-DD, optionally followed by a
// time as in an ISO timestamp, whose date part is then the one meant.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/s;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parseCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * customer-app §3: age "computed from dateOfBirth as whole years" on `today`, read as the calendar
 * date where the caller runs (the browser: the person's own day). Null for anything that is not a
 * real YYYY-MM-DD date, for a date after today, and above MAX_AGE_YEARS. A 29 February birthday is
 * reached on 1 March in other years (decision 020).
 */
export function ageInYears(dateOfBirth: unknown, today: Date): number | null {
  const birth = parseCalendarDate(dateOfBirth);
  if (!birth || Number.isNaN(today.getTime())) return null;
  const [year, month, day] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const birthdayPassed = month > birth.month || (month === birth.month && day >= birth.day);
  const age = year - birth.year - (birthdayPassed ? 0 : 1);
  return age >= 0 && age <= MAX_AGE_YEARS ? age : null;
}

/** The hidden fields whose value the application computes from other answers (customer-app §3). */
const COMPUTED_HIDDEN_FIELDS: ReadonlyMap<string, (answers: AnswerMap, today: Date) => unknown> = new Map([
  ['age', (answers: AnswerMap, today: Date) => ageInYears(answers.dateOfBirth, today)],
]);

/**
 * The answers with every computed hidden field of the form set, e.g. `age` from `dateOfBirth`.
 * Only hidden fields the template has are set. No age is saved as null, so a cleared date of birth
 * also clears a stale age. The same object comes back when nothing changes.
 */
export function withComputedHiddenFields(form: FormTemplate, answers: AnswerMap, today: Date): AnswerMap {
  const updates: Record<string, unknown> = {};
  for (const field of form.steps.flatMap((step) => step.fields)) {
    const compute = COMPUTED_HIDDEN_FIELDS.get(field.id);
    if (field.type !== 'hidden' || !compute) continue;
    const value = compute(answers, today);
    const unchanged = value === answers[field.id] || (value === null && answers[field.id] === undefined);
    if (!unchanged) updates[field.id] = value;
  }
  return Object.keys(updates).length === 0 ? answers : { ...answers, ...updates };
}
