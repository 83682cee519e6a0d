import { useCallback, useRef, useState } from 'react';
import { answerSlots } from '#domain/form-answer-keys.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { RecordScreenQuery } from './api/record-documents.ts';
import type { LoadedRecord } from './api/record-load.ts';
import { toServerState } from './api/record-state.ts';
import { answerKeyMover, formChangeSteps, moveKeptAnswers } from './autosave/answer-key-moves.ts';
import type { RecordSync } from './autosave/record-sync.ts';
import type { KeptAnswers } from './autosave/sync-types.ts';

/** A failed read of the new form is tried again after this long (the answers wait, kept). */
const RETRY_MS = 2000;

export interface ShownForm {
  record: LoadedRecord;
  form: FormTemplate;
  /**
   * For each question id of the form shown now, the id it had when the screen opened (issue 26 §3):
   * a renamed question keeps its place in React, so the field being typed in keeps focus and text.
   */
  aliases: ReadonlyMap<string, string>;
}

const keysOf = (form: FormTemplate) => new Set(answerSlots(form).map((slot) => slot.key));

/**
 * Issue 26 §3 (decision 100): an admin moved the open record to another form version. The screen
 * does not start again (that lost focus and every key typed meanwhile): it reads the record with
 * its new form and its form changes, moves the engine's unsent answers as the migration moved the
 * stored ones (src/domain/answer-mapping.ts movedAnswerKey), and shows the new form around the same
 * fields. Answers kept by closed tabs are moved the same way before they are taken over.
 */
export function useFormChange(initial: { record: LoadedRecord; form: FormTemplate }) {
  const client = useGraphQLClient();
  const [shown, setShown] = useState<ShownForm>(() => ({ ...initial, aliases: new Map() }));
  const current = useRef(shown);
  current.current = shown;
  const formRef = useRef(initial.form);
  const syncRef = useRef<RecordSync | null>(null);
  const running = useRef(false);

  const follow = useCallback(async () => {
    const sync = syncRef.current;
    if (!sync || running.current) return;
    running.current = true;
    try {
      for (;;) {
        const before = current.current;
        try {
          const { record } = await client.request(
            RecordScreenQuery,
            { id: before.record.id },
            { timeoutMs: 10_000 },
          );
          const template = record?.form.template as FormTemplate | null | undefined;
          if (!record || !template) throw new Error('The record or its form could not be read.');
          const since = sync.getSnapshot().version;
          const mover = answerKeyMover(
            formChangeSteps(record.formChanges),
            since,
            keysOf(before.form),
            keysOf(template),
          );
          const aliases = new Map(before.aliases);
          for (const [from, to] of mover.renamed) aliases.set(to, before.aliases.get(from) ?? from);
          formRef.current = template;
          sync.changeForm(toServerState(record), mover);
          setShown({ record, form: template, aliases });
          return;
        } catch (error) {
          console.error('Reading the record’s new form failed:', error instanceof Error ? error.name : error);
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    } finally {
      running.current = false;
    }
  }, [client]);

  /** Kept answers of a closed tab, moved to the form shown now. */
  const moveKept = useCallback(
    (kept: KeptAnswers) =>
      moveKeptAnswers(
        kept,
        formChangeSteps(current.current.record.formChanges),
        keysOf(current.current.form),
      ),
    [],
  );

  return { shown, formRef, syncRef, moveKept, onFormChanged: () => void follow() };
}
