import { useMemo, useSyncExternalStore } from 'react';
import { answerSlots } from '#domain/form-answer-keys.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { RecordSync } from './autosave/record-sync.ts';

/** An answer as a person reads it: ticks as a list, yes/no, or that there is none. */
function answerText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(no answer)';
  if (Array.isArray(value)) return value.length === 0 ? '(nothing ticked)' : value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Issue 13 §2: answers this device kept from an earlier visit that were changed since on another
 * device. Neither replaces the other silently: the person sees both and chooses.
 */
export function KeptAnswerConflicts({ sync, form }: { sync: RecordSync; form: FormTemplate }) {
  const { conflictsRevision } = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the engine's conflicts change with their revision.
  const conflicts = useMemo(() => sync.keptConflicts(), [sync, conflictsRevision]);
  const questions = useMemo(() => new Map(answerSlots(form).map((slot) => [slot.key, slot.label])), [form]);
  if (conflicts.length === 0) return null;
  return (
    <section className="kept-conflicts" aria-labelledby="kept-conflicts-title">
      <h2 id="kept-conflicts-title">
        Check {conflicts.length === 1 ? 'an answer' : `${conflicts.length} answers`}
      </h2>
      <p>
        You typed {conflicts.length === 1 ? 'this answer' : 'these answers'} on this device earlier, and{' '}
        {conflicts.length === 1 ? 'it was' : 'they were'} changed since on another device. Nothing has been
        overwritten: choose which one to keep.
      </p>
      <ul className="kept-conflicts__list">
        {conflicts.map((conflict) => {
          const question = questions.get(conflict.key) ?? conflict.key;
          return (
            <li key={conflict.key} className="kept-conflicts__item">
              <h3>{question}</h3>
              <dl>
                <dt>Saved since (shown in the form now)</dt>
                <dd>{answerText(conflict.stored)}</dd>
                <dt>Kept on this device</dt>
                <dd>{answerText(conflict.mine)}</dd>
              </dl>
              <div className="kept-conflicts__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => sync.resolveConflict(conflict.key, 'stored')}
                >
                  Keep the saved answer
                </Button>
                <Button size="sm" onClick={() => sync.resolveConflict(conflict.key, 'mine')}>
                  Use the answer from this device
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
