import { useId } from 'react';
import { ReminderSettings } from '#web/components/reminders/reminder-settings.tsx';
import { useOwnReminders } from '#web/components/reminders/reminders-api.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useRecordActivity, useSuggestReminders } from './api/record-activity.ts';

/**
 * Issue 43 §1: the organization may suggest reminders to the people it invites; each person then
 * accepts (one click) or not, in their record. Their schedule stays theirs: this only offers it.
 */
export function ReminderSuggestion({ organizationId }: { organizationId: string }) {
  const id = useId();
  const activity = useRecordActivity(organizationId);
  const suggest = useSuggestReminders(organizationId);
  if (!activity.data) return null;
  // Shown as chosen at once; the server's answer follows.
  const checked = suggest.isPending ? suggest.variables : activity.data.suggestReminders;
  return (
    <div className="reminders__check account__suggestion">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          if (!suggest.isPending) suggest.mutate(event.target.checked);
        }}
      />
      <label htmlFor={id}>Suggest weekly reminders to the people we invite</label>
      <p id={`${id}-hint`} className="reminders__hint">
        Reminders stay off until each person turns them on with one click. You see whether they are on, and
        each record's progress, never its answers.
      </p>
      {suggest.isError ? <ErrorMessage message={suggest.error.message} /> : null}
    </div>
  );
}

/** Issue 43 §1: the Reminders of the viewer's own records, in Account as on each record. */
export function OwnRecordReminders() {
  const own = useOwnReminders();
  const open = own.data?.filter((record) => !record.submitted) ?? [];
  if (open.length === 0) return null;
  return (
    <Card className="account__card account__card--wide">
      <section className="account__reminders" aria-label="Your reminders">
        {open.map((record) => (
          <ReminderSettings
            key={record.recordId}
            recordId={record.recordId}
            heading={open.length === 1 ? 'Reminders' : `Reminders: ${record.typeName}`}
          />
        ))}
      </section>
    </Card>
  );
}
