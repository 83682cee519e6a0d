import { useEffect, useRef } from 'react';
import { type AnswerChanges, applyAnswerChanges } from '#domain/answer-changes.ts';
import type { Answers } from '#domain/record-answers.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { useSubscription } from '#web/lib/live-updates.tsx';
import { RecordLiveSubscription, RecordPollQuery } from './api/record-documents.ts';
import { recordDataObject, toServerState } from './api/record-state.ts';
import type { RecordSync } from './autosave/record-sync.ts';

// customer-app §9: the record is polled every 3000 ms.
export const RECORD_POLL_INTERVAL_MS = 3000;

/**
 * customer-app §7 calls 10 and 11: the record subscription plus polling every 3 s; the engine applies
 * what is newer when the person is neither editing nor saving. A poll that reaches the server, or
 * the browser coming back online, sends waiting answers at once instead of after the back-off.
 */
export function useLiveRecordUpdates(recordId: string, sync: RecordSync | null, active: boolean) {
  const client = useGraphQLClient();
  // Issue 12: a migration (or its undo) gives the record another form; the engine notices it from
  // the state's form (issue 26 §3: it moves its answers to the new form, see use-form-change.ts).
  const apply = useRef((_record: LiveRecord) => {});
  apply.current = (record: LiveRecord) => sync?.applyRemote(toServerState(record));
  // Issue 39 §3 (decision 152): the stored answers as this subscription last told them. Each update
  // after its first brings only the answers written since the one before; merged into these, they
  // make the whole record, which then takes the same path as a polled one (same rules: an unsent
  // answer is never replaced). A subscription taken up again starts with the whole answers.
  const streamed = useRef<{ data: Answers; version: number } | null>(null);
  // The app's shared connection; a lost subscription is taken up again while polling goes on.
  useSubscription(
    RecordLiveSubscription,
    { id: recordId },
    {
      enabled: Boolean(sync) && active,
      onNext: ({ record }) => {
        if (!record?.answerChanges || !sync) return;
        const { answerChanges, ...facts } = record;
        const data = applyAnswerChanges(streamed.current, liveChanges(answerChanges), record.version);
        // Changes that follow nothing held here: the next poll brings the whole record.
        if (!data) return;
        streamed.current = { data, version: record.version };
        apply.current({ ...facts, data });
      },
    },
  );

  useEffect(() => {
    if (!sync || !active) return;
    let stopped = false;
    let polling = false;
    const poll = setInterval(async () => {
      if (polling) return;
      polling = true;
      try {
        const { recordSince } = await client.request(
          RecordPollQuery,
          { id: recordId, knownVersion: sync.knownVersion },
          { timeoutMs: 10_000 },
        );
        if (recordSince && !stopped) {
          if (recordSince.record) apply.current(recordSince.record);
          sync.retryNow();
        }
      } catch {
        // A poll that fails just waits for the next one; saves say what matters themselves.
      } finally {
        polling = false;
      }
    }, RECORD_POLL_INTERVAL_MS);

    const online = () => sync.retryNow();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearInterval(poll);
      window.removeEventListener('online', online);
    };
  }, [recordId, sync, active, client]);
}

type LiveRecord = Parameters<typeof toServerState>[0] & { inventoryTypeId: string; formVersion: number };

/** The update's answers as the schema sends them (JSON), checked for shape (never trust it). */
function liveChanges(changes: { full: boolean; sinceVersion?: number | null; answers: unknown }): AnswerChanges {
  const answers = recordDataObject(changes.answers);
  if (changes.full) return { full: true, sinceVersion: null, answers };
  // Changes without their base follow nothing held: left to the poll.
  const since = typeof changes.sinceVersion === 'number' ? changes.sinceVersion : Number.POSITIVE_INFINITY;
  return { full: false, sinceVersion: since, answers };
}
