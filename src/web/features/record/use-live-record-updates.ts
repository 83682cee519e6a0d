import { useEffect, useRef, useState } from 'react';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { useSubscription } from '#web/lib/live-updates.tsx';
import { liveAnswers } from './api/live-answers.ts';
import { RecordLiveSubscription, RecordPollQuery } from './api/record-documents.ts';
import { toServerState } from './api/record-state.ts';
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
  // Issue 39 §3 (decision 152): each update after the first carries only what changed.
  const [whole] = useState(liveAnswers);
  // The app's shared connection; a lost subscription is taken up again while polling goes on.
  useSubscription(
    RecordLiveSubscription,
    { id: recordId },
    {
      enabled: Boolean(sync) && active,
      onNext: ({ record }) => {
        const update = record && whole(record);
        if (update && sync) apply.current(update);
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
