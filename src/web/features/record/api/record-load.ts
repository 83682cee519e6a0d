import { answerSlots } from '#domain/form-answer-keys.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { RECORD_NOT_FOUND_MESSAGE } from '#domain/permissions.ts';
import type { RecordScreenQuery as RecordScreenResult } from '#web/gql/graphql.ts';
import type { GraphQLClient } from '#web/lib/graphql-client.ts';
import { type KeptAnswers, keptAnswersStore } from '#web/lib/kept-answers-store.ts';
import { formChangeSteps, moveKeptAnswers } from '../autosave/answer-key-moves.ts';
import { RecordScreenQuery } from './record-documents.ts';

/** The record as the record screen loads it (its form, answers and place). */
export type LoadedRecord = NonNullable<RecordScreenResult['record']>;

/** Answers typed on an earlier visit and never acknowledged; none when the browser cannot tell. */
const NOTHING_KEPT: KeptAnswers = { answers: {}, typedAgainst: {} };

async function restoredAnswers(owner: string, recordId: string): Promise<KeptAnswers> {
  try {
    return (await keptAnswersStore().read(owner, recordId)) ?? NOTHING_KEPT;
  } catch (error) {
    console.error('Reading unsent answers kept in this browser failed:', (error as Error)?.name);
    return NOTHING_KEPT;
  }
}

/**
 * customer-app §7 call 9: the record, together with any answers this browser still holds for it
 * (DESIGN §7: restored, then sent again), read side by side.
 */
export async function loadRecord(
  client: GraphQLClient,
  recordId: string,
  owner: string,
  signal?: AbortSignal,
) {
  const [{ record }, restored] = await Promise.all([
    client.request(RecordScreenQuery, { id: recordId }, signal ? { signal } : {}),
    owner ? restoredAnswers(owner, recordId) : Promise.resolve(NOTHING_KEPT),
  ]);
  if (!record) throw new Error(RECORD_NOT_FOUND_MESSAGE);
  // Issue 26 §3: answers kept against a form the record has since left go where its answers went.
  const template = record.form.template as FormTemplate | null | undefined;
  const moved = template
    ? moveKeptAnswers(
        restored,
        formChangeSteps(record.formChanges),
        new Set(answerSlots(template).map((slot) => slot.key)),
      )
    : restored;
  return { record, restored: moved, owner };
}

export type RecordLoad = Awaited<ReturnType<typeof loadRecord>>;

// One load started at start-up, beside the screen's code (issue 15 §2), for the screen to take.
let early: { recordId: string; owner: string; load: Promise<RecordLoad>; result?: RecordLoad } | null = null;

/**
 * Starts loading a record before its screen is rendered (main.tsx, on a visit straight to it);
 * resolves when it has ended, well or not.
 */
export function startRecordLoadEarly(client: GraphQLClient, recordId: string, owner: string): Promise<void> {
  const started = { recordId, owner, load: loadRecord(client, recordId, owner) } as NonNullable<typeof early>;
  early = started;
  return started.load.then(
    (result) => {
      started.result = result;
    },
    () => {}, // The screen sees the failure when it takes the load.
  );
}

function takeEarly(recordId: string, owner: string) {
  if (!early || early.recordId !== recordId || early.owner !== owner) return null;
  const taken = early;
  early = null;
  return taken;
}

/** The record loaded at start-up for this record and person, once, if it has arrived: the first render shows it. */
export function takeEarlyRecordResult(recordId: string, owner: string): RecordLoad | undefined {
  if (!early?.result) return undefined;
  return takeEarly(recordId, owner)?.result;
}

/** The load started at start-up for this record and person, once; null when there is none. */
export function takeEarlyRecordLoad(recordId: string, owner: string): Promise<RecordLoad> | null {
  return takeEarly(recordId, owner)?.load ?? null;
}
