import type { GraphQLClient } from '#web/lib/graphql-client.ts';
import { pendingAnswersStore, type UnsentAnswers } from '#web/lib/pending-answers-store.ts';
import { RECORD_NOT_FOUND_MESSAGE } from '../record-messages.ts';
import { RecordScreenQuery } from './record-documents.ts';

/** Answers typed on an earlier visit and never acknowledged; none when the browser cannot tell. */
async function restoredAnswers(owner: string, recordId: string): Promise<UnsentAnswers> {
  try {
    return (await pendingAnswersStore().read(owner, recordId)) ?? {};
  } catch (error) {
    console.error('Reading unsent answers kept in this browser failed:', (error as Error)?.name);
    return {};
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
    owner ? restoredAnswers(owner, recordId) : Promise.resolve({}),
  ]);
  if (!record) throw new Error(RECORD_NOT_FOUND_MESSAGE);
  return { record, restored, owner };
}

export type RecordLoad = Awaited<ReturnType<typeof loadRecord>>;

// One load started at start-up, beside the screen's code (issue 15 §2), for the screen to take.
let early: { recordId: string; owner: string; load: Promise<RecordLoad> } | null = null;

/** Starts loading a record before its screen is rendered (main.tsx, on a visit straight to it). */
export function startRecordLoadEarly(client: GraphQLClient, recordId: string, owner: string): void {
  const load = loadRecord(client, recordId, owner);
  load.catch(() => {}); // The screen sees a failure when it takes the load; none is left unhandled.
  early = { recordId, owner, load };
}

/** The load started at start-up for this record and person, once; null when there is none. */
export function takeEarlyRecordLoad(recordId: string, owner: string): Promise<RecordLoad> | null {
  if (!early || early.recordId !== recordId || early.owner !== owner) return null;
  const { load } = early;
  early = null;
  return load;
}
