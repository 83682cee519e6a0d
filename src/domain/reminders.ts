import { z } from 'zod';

/**
 * Issue 43 (decision 195): reminders a person controls. Pure rules shared by the server (schedule,
 * suppression, the question by e-mail) and the client (the setting's form and its messages).
 */

export const REMINDER_FREQUENCIES = ['off', 'weekly', 'biweekly', 'monthly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<ReminderFrequency, string> = {
  off: 'Off',
  weekly: 'Every week',
  biweekly: 'Every 2 weeks',
  monthly: 'Every month',
};

/** 0 = Sunday … 6 = Saturday, as `Date.getUTCDay()`. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const REMINDER_MESSAGES = {
  day: 'Choose a day of the week for your reminders.',
  time: 'Enter the time as hours and minutes, for example 18:30.',
  timeZone: 'This time zone is not known. Choose one from the list, for example Europe/Berlin.',
  frequency: 'Choose how often: off, every week, every 2 weeks or every month.',
} as const;

export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The setting as the person chooses it (record screen, Account); the server validates it too. */
export const reminderSettingSchema = z.strictObject({
  frequency: z.enum(REMINDER_FREQUENCIES, { error: REMINDER_MESSAGES.frequency }),
  day: z
    .number({ error: REMINDER_MESSAGES.day })
    .int(REMINDER_MESSAGES.day)
    .min(0, REMINDER_MESSAGES.day)
    .max(6, REMINDER_MESSAGES.day),
  time: z
    .string({ error: REMINDER_MESSAGES.time })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_MESSAGES.time),
  timeZone: z.string({ error: REMINDER_MESSAGES.timeZone }).refine(isTimeZone, REMINDER_MESSAGES.timeZone),
  oneQuestion: z.boolean().default(false),
});
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;

export const DEFAULT_REMINDER_SETTING: ReminderSetting = {
  frequency: 'off',
  day: 0,
  time: '18:00',
  timeZone: 'UTC',
  oneQuestion: false,
};

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
export const SNOOZE_MS = 7 * DAY_MS;
/** Issue 43 §3: no reminder while the person typed in the last 2 days. */
export const RECENT_TYPING_MS = 2 * DAY_MS;

/** The shortest gap between two reminders of a frequency: "not more than once per period". */
export const MIN_GAP_MS: Record<Exclude<ReminderFrequency, 'off'>, number> = {
  weekly: 6 * DAY_MS,
  biweekly: 13 * DAY_MS,
  monthly: 27 * DAY_MS,
};

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localParts(instant: number, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** The local wall-clock time as if it were UTC: plain arithmetic on calendar dates. */
function wallClock(parts: LocalParts): number {
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/**
 * The instant a local wall-clock time happens in a time zone. Of two (the hour repeated when clocks
 * go back) the first; a time that does not exist (the hour skipped when clocks go forward) goes at
 * the next valid minute (issue 43 §3).
 */
export function instantOfLocalTime(wall: number, timeZone: string): number {
  for (let shift = 0; shift <= 3 * 60; shift += 1) {
    const wanted = wall + shift * MINUTE_MS;
    // Every offset in use within a day either side; the earliest instant that shows `wanted`.
    const candidates = [-DAY_MS, 0, DAY_MS]
      .map((probe) => wanted - (wallClock(localParts(wanted + probe, timeZone)) - (wanted + probe)))
      .filter((instant) => wallClock(localParts(instant, timeZone)) === wanted)
      .sort((a, b) => a - b);
    if (candidates[0] !== undefined) return candidates[0];
  }
  throw new Error(`No valid local time near ${new Date(wall).toISOString()} in ${timeZone}.`);
}

/** Whether a local calendar date (as a UTC midnight) is a day the schedule sends on. */
function sendsOn(setting: ReminderSetting, date: Date): boolean {
  if (date.getUTCDay() !== setting.day) return false;
  // Monthly: the first such weekday of the month ("the first Sunday").
  return setting.frequency !== 'monthly' || date.getUTCDate() <= 7;
}

/**
 * When the next reminder goes: the first of the schedule's local days and time strictly after
 * `after`, and, when one was sent, no sooner than the period after it (every 2 weeks keeps its
 * rhythm from the last one). Null when reminders are off.
 */
export function nextReminderAt(
  setting: ReminderSetting,
  after: Date,
  lastSentAt: Date | null = null,
): Date | null {
  if (setting.frequency === 'off') return null;
  const gapEnd = lastSentAt ? lastSentAt.getTime() + MIN_GAP_MS[setting.frequency] : Number.NEGATIVE_INFINITY;
  const earliest = Math.max(after.getTime() + 1, gapEnd);
  const start = localParts(earliest, setting.timeZone);
  const [hour, minute] = setting.time.split(':').map(Number) as [number, number];
  for (let offset = 0; offset <= 70; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    if (!sendsOn(setting, date)) continue;
    const wall = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour, minute);
    const instant = instantOfLocalTime(wall, setting.timeZone);
    if (instant >= earliest) return new Date(instant);
  }
  throw new Error('No reminder day found within 70 days (a bug in the schedule).');
}

/** The local date of a send in the person's zone, `YYYY-MM-DD`: the period's name (singleton key). */
export function reminderPeriod(setting: ReminderSetting, sendAt: Date): string {
  const parts = localParts(sendAt.getTime(), setting.timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** Snooze for a week: nothing until seven days from now, then the schedule as before. */
export function snoozedUntil(now: Date): Date {
  return new Date(now.getTime() + SNOOZE_MS);
}

export interface ReminderFacts {
  frequency: ReminderFrequency;
  /** Complete & Send was chosen. */
  submitted: boolean;
  /** When the person last saved an answer (the record's last change by them). */
  lastTypedAt: Date | null;
  /** The address the reminder would go to was verified, and the person is not erased. */
  addressVerified: boolean;
  erased: boolean;
  lastSentAt: Date | null;
  snoozedUntil: Date | null;
}

export type ReminderSuppression =
  | 'off'
  | 'submitted'
  | 'erased'
  | 'unverified-address'
  | 'recently-typed'
  | 'snoozed'
  | 'already-sent';

/** Issue 43 §3: why a reminder due now does not go, or null when it goes. */
export function reminderSuppression(facts: ReminderFacts, now: Date): ReminderSuppression | null {
  if (facts.frequency === 'off') return 'off';
  if (facts.submitted) return 'submitted';
  if (facts.erased) return 'erased';
  if (!facts.addressVerified) return 'unverified-address';
  if (facts.snoozedUntil && facts.snoozedUntil.getTime() > now.getTime()) return 'snoozed';
  if (facts.lastSentAt && now.getTime() - facts.lastSentAt.getTime() < MIN_GAP_MS[facts.frequency])
    return 'already-sent';
  if (facts.lastTypedAt && now.getTime() - facts.lastTypedAt.getTime() < RECENT_TYPING_MS)
    return 'recently-typed';
  return null;
}

// Zod-free, so the record screen can use it without the schemas (issue 15 §3's start-up budget).
export { type NextQuestion, nextUnansweredQuestion } from './next-unanswered-question.ts';

/** Issue 43 §2: the subject and the preview line never name a question, answer, section or topic. */
export const REMINDER_SUBJECT = 'Your Life Record is waiting for you';
export const REMINDER_PREVIEW = 'Pick up where you left off, whenever suits you.';
