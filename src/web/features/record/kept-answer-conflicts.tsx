import { useMemo, useSyncExternalStore } from 'react';
import { answerText, NO_RESPONSE_TEXT } from '#domain/answer-text.ts';
import { answerSlots } from '#domain/form-answer-keys.ts';
import type { CellField, FormTemplate } from '#domain/form-template.ts';
import { tableCells } from '#domain/table-answer-keys.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { RecordSync } from './autosave/record-sync.ts';

/** The question behind each answer key, so an answer reads as on the read-only record (labels). */
function questionsByKey(form: FormTemplate): Map<string, Pick<CellField, 'type' | 'options'>> {
  const questions = new Map<string, Pick<CellField, 'type' | 'options'>>();
  for (const field of form.steps.flatMap((step) => step.fields)) {
    if (field.type === 'table') for (const { key, cell } of tableCells(field)) questions.set(key, cell);
    else questions.set(field.id, field);
  }
  return questions;
}

/**
 * Issue 13 §2: answers this device kept from an earlier visit that were changed since on another
 * device. Neither replaces the other silently: the person sees both and chooses.
 */
export function KeptAnswerConflicts({ sync, form }: { sync: RecordSync; form: FormTemplate }) {
  const { conflictsRevision } = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the engine's conflicts change with their revision.
  const conflicts = useMemo(() => sync.keptConflicts(), [sync, conflictsRevision]);
  const labels = useMemo(() => new Map(answerSlots(form).map((slot) => [slot.key, slot.label])), [form]);
  const questions = useMemo(() => questionsByKey(form), [form]);
  // Unknown question (a key no field has now): the stored text as it is.
  const readable = (key: string, value: unknown) => answerText(questions.get(key), value) ?? NO_RESPONSE_TEXT;
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
          const question = labels.get(conflict.key) ?? conflict.key;
          return (
            <li key={conflict.key} className="kept-conflicts__item">
              <h3>{question}</h3>
              <dl>
                <dt>Saved since (shown in the form now)</dt>
                <dd>{readable(conflict.key, conflict.stored)}</dd>
                <dt>Kept on this device</dt>
                <dd>{readable(conflict.key, conflict.mine)}</dd>
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
