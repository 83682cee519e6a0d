import './reminders.css';
import { type FormEvent, useId, useState } from 'react';
import {
  FREQUENCY_LABELS,
  REMINDER_FREQUENCIES,
  type ReminderFrequency,
  type ReminderSetting,
  reminderSettingSchema,
  WEEKDAY_NAMES,
} from '#domain/reminders.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { type RecordReminder, useChangeReminder, useRecordReminder } from './reminders-api.ts';

/** The person's own zone, as the browser knows it (issue 43 §1: detected, and changeable). */
export function detectedTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function timeZones(current: string): string[] {
  const known =
    (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ??
    [];
  return [...new Set([current, 'UTC', ...known])].sort();
}

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/**
 * Issue 43 §1: the **Reminders** setting of one record (record screen and Account): how often, the
 * day and time in the person's time zone, **One question by e-mail**, and **Snooze for a week**.
 * The server decides again (only the owner; validation with the same schema).
 */
export function ReminderSettings({
  recordId,
  heading = 'Reminders',
}: {
  recordId: string;
  heading?: string;
}) {
  const reminder = useRecordReminder(recordId);
  // Outside the form, which starts afresh from each answer of the server.
  const [saved, setSaved] = useState<string | null>(null);
  if (reminder.isPending) return <Spinner label="Loading reminders..." />;
  if (reminder.isError) return <ErrorMessage message={reminder.error.message} />;
  return (
    <ReminderForm
      recordId={recordId}
      reminder={reminder.data}
      heading={heading}
      saved={saved}
      setSaved={setSaved}
    />
  );
}

function ReminderForm({
  recordId,
  reminder,
  heading,
  saved,
  setSaved,
}: {
  recordId: string;
  reminder: RecordReminder;
  heading: string;
  saved: string | null;
  setSaved: (message: string | null) => void;
}) {
  const id = useId();
  const change = useChangeReminder(recordId);
  const [setting, setSetting] = useState<ReminderSetting>(() =>
    reminder.saved ? reminder.setting : { ...reminder.setting, timeZone: detectedTimeZone() },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const off = setting.frequency === 'off';
  const update = (patch: Partial<ReminderSetting>) => {
    setSaved(null);
    setSetting((current) => ({ ...current, ...patch }));
  };

  const save = (next: ReminderSetting, message: string) => {
    const parsed = reminderSettingSchema.safeParse(next);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the reminder setting.');
      return;
    }
    setProblem(null);
    change.mutate(
      { setting: parsed.data },
      {
        onSuccess: (stored) => {
          // The form stays (and the focus in it); it shows what the server keeps.
          setSetting(stored.setting);
          setSaved(message);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(setting, setting.frequency === 'off' ? 'Reminders are off.' : 'Your reminders are saved.');
  };
  const snooze = () =>
    change.mutate(
      { snooze: true },
      { onSuccess: () => setSaved('Snoozed for a week.'), onError: (error) => setProblem(error.message) },
    );

  return (
    <section className="reminders" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="reminders__title">
        {heading}
      </h2>
      <p className="reminders__intro">
        A gentle e-mail to bring you back to your record, when you want it. The subject only says "Your Life
        Record is waiting for you".
      </p>
      {reminder.suggested ? (
        <div className="reminders__suggestion">
          <p>Your organization suggests a weekly reminder, on Sundays at 18:00 your time.</p>
          <Button
            size="sm"
            onClick={() =>
              save(
                {
                  frequency: 'weekly',
                  day: 0,
                  time: '18:00',
                  timeZone: detectedTimeZone(),
                  oneQuestion: false,
                },
                'Weekly reminders are on.',
              )
            }
          >
            Turn on weekly reminders
          </Button>
        </div>
      ) : null}
      <form className="reminders__form" noValidate onSubmit={submit}>
        <div className="form-field">
          <label htmlFor={`${id}-frequency`}>How often</label>
          <select
            id={`${id}-frequency`}
            value={setting.frequency}
            onChange={(event) => update({ frequency: event.target.value as ReminderFrequency })}
          >
            {REMINDER_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </div>
        <div className="reminders__row">
          <div className="form-field">
            <label htmlFor={`${id}-day`}>
              {setting.frequency === 'monthly' ? 'Day (the first of the month)' : 'Day'}
            </label>
            <select
              id={`${id}-day`}
              value={setting.day}
              disabled={off}
              onChange={(event) => update({ day: Number(event.target.value) })}
            >
              {WEEKDAY_NAMES.map((name, day) => (
                <option key={name} value={day}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-time`}>Time</label>
            <input
              id={`${id}-time`}
              type="time"
              value={setting.time}
              disabled={off}
              onChange={(event) => update({ time: event.target.value })}
            />
          </div>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-zone`}>Time zone</label>
          <select
            id={`${id}-zone`}
            value={setting.timeZone}
            disabled={off}
            onChange={(event) => update({ timeZone: event.target.value })}
          >
            {timeZones(setting.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="reminders__check">
          <input
            id={`${id}-question`}
            type="checkbox"
            checked={setting.oneQuestion}
            disabled={off}
            onChange={(event) => update({ oneQuestion: event.target.checked })}
            aria-describedby={`${id}-question-hint`}
          />
          <label htmlFor={`${id}-question`}>One question by e-mail</label>
          <p id={`${id}-question-hint`} className="reminders__hint">
            The next question you have not answered yet, in the mail itself. Never one from a section with a
            content note, nor a sensitive one.
          </p>
        </div>
        {problem ? <ErrorMessage message={problem} /> : null}
        <p className="reminders__status" role="status">
          {saved ? `${saved} ` : ''}
          {reminder.snoozedUntil && !off
            ? `Snoozed until ${when(reminder.snoozedUntil, setting.timeZone)}. `
            : ''}
          {reminder.nextSendAt && !off
            ? `Next reminder: ${when(reminder.nextSendAt, setting.timeZone)}.`
            : ''}
        </p>
        <div className="reminders__actions">
          <Button type="submit" size="sm" aria-disabled={change.isPending || undefined}>
            Save reminders
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={snooze}
            disabled={!reminder.saved || reminder.setting.frequency === 'off' || change.isPending}
          >
            Snooze for a week
          </Button>
        </div>
      </form>
    </section>
  );
}
