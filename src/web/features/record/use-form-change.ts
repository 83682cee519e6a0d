import { useCallback, useRef, useState } from 'react';
import { answerSlots } from '#domain/form-answer-keys.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { keptAnswerKey } from '#domain/record-migration.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { RecordFormChangeQuery } from './api/record-documents.ts';
import { toServerState } from './api/record-state.ts';
import type { RecordSync } from './autosave/record-sync.ts';
import type { LoadedRecord } from './record-editor.tsx';

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

/**
 * Issue 26 §3 (decision 100): an admin moved the open record to another form version. The screen
 * does not start again (that lost focus and every key typed meanwhile): it reads the record with
 * its new form and how the answer keys moved since the version it had, moves the engine's unsent
 * answers the same way (a renamed question's answer follows it; an answer not carried stays under
 * its key, or `{key}@v{n}` where the new form uses that key, as the migration keeps them), and
 * shows the new form around the same fields.
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
            RecordFormChangeQuery,
            { id: before.record.id, sinceVersion: sync.getSnapshot().version },
            { timeoutMs: 10_000 },
          );
          const template = record?.form.template as FormTemplate | null | undefined;
          if (!record || !template) throw new Error('The record or its form could not be read.');
          const moves = Object.fromEntries(record.answerKeyMoves.map((move) => [move.from, move.to ?? null]));
          const targetKeys = new Set(answerSlots(template).map((slot) => slot.key));
          const fromVersion = before.record.formVersion;
          const aliases = new Map(before.aliases);
          for (const [from, to] of Object.entries(moves)) {
            if (to !== null && to !== from) aliases.set(to, before.aliases.get(from) ?? from);
          }
          const { answerKeyMoves: _moves, ...loaded } = record;
          formRef.current = template;
          sync.changeForm(toServerState(record), moves, (key) =>
            targetKeys.has(key) ? keptAnswerKey(key, fromVersion) : key,
          );
          setShown({ record: { ...before.record, ...loaded }, form: template, aliases });
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

  return { shown, formRef, syncRef, onFormChanged: () => void follow() };
}
