import { useEffect, useState } from 'react';
import { answerStructure, changesStructure } from '#domain/answer-structure.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { useToast } from '#web/components/ui/toast.tsx';
import { isLeavingOnPurpose, sendBeforeLogout } from '#web/lib/answer-holders.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { type KeptAnswers, recordKeptAnswers } from '#web/lib/kept-answers-store.ts';
import { SaveRecordAnswersMutation, SubmitRecordMutation } from './api/record-documents.ts';
import { formKeyOf, recordDataObject, toServerState } from './api/record-state.ts';
import { answerHolder, keepSendingInBackground, takeBack } from './autosave/background-senders.ts';
import { RecordSync } from './autosave/record-sync.ts';
import type { SaveInput, ServerRecordState } from './autosave/sync-types.ts';
import { derivedAnswers } from './derived-answers.ts';
import {
  AUTOSAVE_FAILED_MESSAGE,
  LEFT_OFFLINE_MESSAGE,
  SUBMITTED_ELSEWHERE_MESSAGE,
} from './record-messages.ts';

/** How often an open record looks for answers kept by tabs of it that closed. */
const ORPHAN_CHECK_MS = 3000;

export interface RecordSyncSetup {
  recordId: string;
  /** The signed-in person's subject id: unsent answers are kept per person and record. */
  owner: string;
  /** The form shown now: it changes when an admin moves the record to another version (issue 26 §3). */
  form: { readonly current: FormTemplate };
  initial: ServerRecordState;
  restored: KeptAnswers;
  /** A read-only record neither restores nor sends anything. */
  editable: boolean;
  /** Issue 26 §3: the record moved to another form; the answers wait until the caller moves them. */
  onFormChanged: () => void;
  /** Issue 26 §3: kept answers of a closed tab, moved to the form shown now. */
  moveKept: (kept: KeptAnswers) => KeptAnswers;
}

/**
 * The record's sync engine for this visit (autosave/record-sync.ts) wired to the data API, the
 * encrypted unsent-answer store and the screen's toasts. Made with the first render, so the form
 * shows at once (issue 15 §2), and started after mount; disposed on leave (React's StrictMode
 * remount starts it again, never a second engine). Also warns before the page is left with answers
 * unsent, and sends them before logout deletes them. One engine per record and person: the caller
 * keys the component by both.
 */
export function useRecordSync({
  recordId,
  owner,
  form,
  initial,
  restored,
  editable,
  onFormChanged,
  moveKept,
}: RecordSyncSetup) {
  const client = useGraphQLClient();
  const { showToast } = useToast();
  const [kept] = useState(() => recordKeptAnswers(owner, recordId));
  const [engine] = useState(() => {
    let structure = { form: form.current, of: answerStructure(form.current) };
    const structureNow = () => {
      if (structure.form !== form.current)
        structure = { form: form.current, of: answerStructure(form.current) };
      return structure.of;
    };
    return new RecordSync({
      initial,
      ...(editable ? { restored } : {}),
      async save({ baseVersion, answers }, signal) {
        const { saveRecordAnswers: saved } = await client.request(
          SaveRecordAnswersMutation,
          { input: { id: recordId, baseVersion: baseVersion ?? initial.version, answers } },
          { signal },
        );
        return { ...saved, data: recordDataObject(saved.data), formKey: formKeyOf(saved) };
      },
      persist: (answers) => kept.write(answers),
      derive: (view, reason) => derivedAnswers(form.current, view, reason),
      changesStructure: (key, before, after) => changesStructure(structureNow(), key, before, after),
      onFormChanged,
      // Issue 13 §8: the server failing saves again and again is said once (the spec's warning).
      onServerFaults: () => showToast(AUTOSAVE_FAILED_MESSAGE, 'warning'),
      onAutosaveStopped: (error) => {
        console.error('Autosave stopped for this visit:', error instanceof Error ? error.message : error);
        showToast(AUTOSAVE_FAILED_MESSAGE, 'warning');
      },
      // Issue 44 §7: the record is read-only now; say what happened, not "submit manually".
      onSubmittedElsewhere: () => showToast(SUBMITTED_ELSEWHERE_MESSAGE, 'info'),
    });
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the engine is made for one record, person and editability (the component is keyed by them).
  useEffect(() => {
    const senderKey = `${owner}\n${recordId}`;
    // The same record left with answers unsent: its earlier engine stops here (its answers are in
    // the kept store, which this visit restored), so two engines never send at once.
    takeBack(senderKey);
    engine.start();
    // Issue 13 §1: answers of tabs of this record that closed unsent are taken over and sent, now,
    // whenever the connection returns, and every few seconds (issue 26 §5: a tab closing just as the
    // connection returns may still hold its lock then).
    let taking = false;
    const takeOrphans = () => {
      if (!owner || !editable || taking) return;
      taking = true;
      kept
        .takeOrphans((orphans) => engine.adoptKept(moveKept(orphans)))
        .catch((error: unknown) => console.error('Taking over kept answers failed:', (error as Error)?.name))
        .finally(() => {
          taking = false;
        });
    };
    takeOrphans();
    window.addEventListener('online', takeOrphans);
    const orphanCheck = setInterval(takeOrphans, ORPHAN_CHECK_MS);
    const stopLogoutFlush = sendBeforeLogout(answerHolder(engine));
    // DESIGN §7: a warning while anything is unsent (the answers are kept either way), unless the
    // page is left on purpose with them kept (issue 26 §1: signing in again).
    const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (!engine.hasUnsent() || isLeavingOnPurpose()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warnBeforeLeaving);
    return () => {
      window.removeEventListener('online', takeOrphans);
      clearInterval(orphanCheck);
      window.removeEventListener('beforeunload', warnBeforeLeaving);
      stopLogoutFlush();
      if (editable && engine.hasUnsent()) {
        // Issue 13 §4: the answers go out wherever the person goes in the app.
        keepSendingInBackground(senderKey, engine);
        if (!navigator.onLine) showToast(LEFT_OFFLINE_MESSAGE, 'info');
      } else {
        engine.dispose();
      }
    };
  }, [engine]);

  return engine;
}

/** customer-app §7 call 8 as the engine's `submit` sends it. */
export function useSubmitRecord(recordId: string) {
  const client = useGraphQLClient();
  return async ({ baseVersion, answers }: SaveInput): Promise<ServerRecordState> => {
    const { submitRecord } = await client.request(
      SubmitRecordMutation,
      { input: { id: recordId, baseVersion, answers } },
      { timeoutMs: 10_000 },
    );
    return toServerState(submitRecord);
  };
}
