import { describe, expect, it } from 'vitest';
import type { FormTemplate } from './form-template.ts';
import {
  instantOfLocalTime,
  nextReminderAt,
  nextUnansweredQuestion,
  REMINDER_MESSAGES,
  type ReminderFacts,
  type ReminderSetting,
  reminderPeriod,
  reminderSettingSchema,
  reminderSuppression,
  snoozedUntil,
} from './reminders.ts';

const weekly: ReminderSetting = {
  frequency: 'weekly',
  day: 0,
  time: '18:00',
  timeZone: 'Europe/Berlin',
  oneQuestion: false,
};
const at = (iso: string) => new Date(iso);

describe('nextReminderAt (issue 43 §1, §3)', () => {
  it.each([
    // [case, setting overrides, after, lastSentAt, expected]
    ['weekly, later the same week', {}, '2026-03-18T12:00:00Z', null, '2026-03-22T17:00:00.000Z'],
    [
      'weekly, across spring forward (CET → CEST)',
      {},
      '2026-03-23T00:00:00Z',
      null,
      '2026-03-29T16:00:00.000Z',
    ],
    ['weekly, across autumn back (CEST → CET)', {}, '2026-10-20T00:00:00Z', null, '2026-10-25T17:00:00.000Z'],
    ['weekly, the same day before the time', {}, '2026-03-22T16:59:00Z', null, '2026-03-22T17:00:00.000Z'],
    [
      'weekly, the same day at the time: next week',
      {},
      '2026-03-22T17:00:00Z',
      null,
      '2026-03-29T16:00:00.000Z',
    ],
    [
      'nonexistent local time goes at the next valid minute',
      { time: '02:30' },
      '2026-03-28T12:00:00Z',
      null,
      '2026-03-29T01:00:00.000Z',
    ],
    [
      'repeated local time: the first',
      { time: '02:30' },
      '2026-10-24T12:00:00Z',
      null,
      '2026-10-25T00:30:00.000Z',
    ],
    [
      'New York across its own change',
      { timeZone: 'America/New_York', time: '09:00' },
      '2026-03-05T00:00:00Z',
      '2026-03-01T14:00:00Z',
      '2026-03-08T13:00:00.000Z',
    ],
    [
      'every 2 weeks keeps its rhythm from the last send',
      { frequency: 'biweekly' },
      '2026-03-23T00:00:00Z',
      '2026-03-22T17:00:00Z',
      '2026-04-05T16:00:00.000Z',
    ],
    [
      'monthly: the first such weekday of the month',
      { frequency: 'monthly', day: 1 },
      '2026-03-03T00:00:00Z',
      null,
      '2026-04-06T16:00:00.000Z',
    ],
    [
      'Kathmandu (+05:45)',
      { timeZone: 'Asia/Kathmandu', day: 3 },
      '2026-03-16T00:00:00Z',
      null,
      '2026-03-18T12:15:00.000Z',
    ],
  ] as const)('%s', (_name, overrides, after, lastSent, expected) => {
    const next = nextReminderAt({ ...weekly, ...overrides }, at(after), lastSent ? at(lastSent) : null);
    expect(next?.toISOString()).toBe(expected);
  });

  it('is null when reminders are off', () => {
    expect(nextReminderAt({ ...weekly, frequency: 'off' }, at('2026-03-18T12:00:00Z'))).toBeNull();
  });

  it('names the period by the local date', () => {
    expect(reminderPeriod({ ...weekly, timeZone: 'Pacific/Auckland' }, at('2026-03-22T17:00:00Z'))).toBe(
      '2026-03-23',
    );
  });

  it('snoozes for exactly a week', () => {
    expect(snoozedUntil(at('2026-03-18T12:00:00Z')).toISOString()).toBe('2026-03-25T12:00:00.000Z');
  });

  it('finds a local time on the spring-forward day before the gap', () => {
    expect(new Date(instantOfLocalTime(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
  });
});

describe('reminderSettingSchema: bad input is refused with a clear message (issue 43 §6)', () => {
  it.each([
    [{ timeZone: 'Mars/Olympus' }, REMINDER_MESSAGES.timeZone],
    [{ timeZone: '' }, REMINDER_MESSAGES.timeZone],
    [{ day: 7 }, REMINDER_MESSAGES.day],
    [{ day: 1.5 }, REMINDER_MESSAGES.day],
    [{ time: '24:00' }, REMINDER_MESSAGES.time],
    [{ time: '9:00' }, REMINDER_MESSAGES.time],
    [{ frequency: 'daily' }, REMINDER_MESSAGES.frequency],
  ])('%o', (overrides, message) => {
    const parsed = reminderSettingSchema.safeParse({ ...weekly, ...overrides });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('takes a good one', () => {
    expect(reminderSettingSchema.parse({ ...weekly, timeZone: 'America/Sao_Paulo' })).toMatchObject({
      ...weekly,
      timeZone: 'America/Sao_Paulo',
    });
  });
});

describe('reminderSuppression (issue 43 §3)', () => {
  const now = at('2026-03-22T17:00:00Z');
  const due: ReminderFacts = {
    frequency: 'weekly',
    submitted: false,
    lastTypedAt: at('2026-03-10T10:00:00Z'),
    addressVerified: true,
    erased: false,
    lastSentAt: at('2026-03-15T17:00:00Z'),
    snoozedUntil: null,
  };
  it.each([
    ['due', {}, null],
    ['off', { frequency: 'off' }, 'off'],
    ['after Complete & Send', { submitted: true }, 'submitted'],
    ['typed in the last 2 days', { lastTypedAt: at('2026-03-21T09:00:00Z') }, 'recently-typed'],
    ['typed 2 days and more ago', { lastTypedAt: at('2026-03-20T16:59:00Z') }, null],
    ['unverified address', { addressVerified: false }, 'unverified-address'],
    ['erased', { erased: true }, 'erased'],
    ['snoozed', { snoozedUntil: at('2026-03-25T00:00:00Z') }, 'snoozed'],
    ['twice in one period', { lastSentAt: at('2026-03-20T17:00:00Z') }, 'already-sent'],
  ] as const)('%s', (_name, overrides, expected) => {
    expect(reminderSuppression({ ...due, ...overrides }, now)).toBe(expected);
  });
});

describe('nextUnansweredQuestion (issue 43 §1, §2)', () => {
  const form: FormTemplate = {
    formId: 'f',
    formTitle: 'F',
    steps: [
      { stepTitle: 'One', fields: [{ id: 'a', type: 'text', label: 'Where were you born?' }] },
      {
        stepTitle: 'Hard',
        contentNote: 'Some questions here are about loss.',
        fields: [{ id: 'b', type: 'text', label: 'Who did you lose?' }],
      },
      { stepTitle: 'Three', fields: [{ id: 'c', type: 'textarea', label: 'Secret?', sensitive: true }] },
      { stepTitle: 'Four', fields: [{ id: 'd', type: 'text', label: 'Favourite song?' }] },
    ],
  };
  it.each([
    [{}, 'a', true],
    [{ a: 'Lyon' }, 'b', false],
    [{ a: 'Lyon', b: 'x' }, 'c', false],
    [{ a: 'Lyon', b: 'x', c: 'y' }, 'd', true],
  ])('%o → %s', (answers, fieldId, mailable) => {
    expect(nextUnansweredQuestion(form, answers)).toMatchObject({ fieldId, mailable });
  });
  it('is null when everything is answered', () => {
    expect(nextUnansweredQuestion(form, { a: '1', b: '2', c: '3', d: '4' })).toBeNull();
  });
});
