import { useEffect, useState } from 'react';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { loadRecord, type RecordLoad, takeEarlyRecordLoad, takeEarlyRecordResult } from './record-load.ts';

/** A network failure is tried once more, a second later (as the app's queries: query-client.ts). */
const RETRY_AFTER_MS = 1_000;

type LoadState =
  | { owner: string; data: RecordLoad; error?: undefined }
  | { owner: string; data?: undefined; error: Error }
  | { owner: string; data?: undefined; error?: undefined };

/** Resolves once the browser says it is online (at once when it does already), or when aborted. */
function whenOnline(signal: AbortSignal): Promise<void> {
  if (navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * customer-app §7 call 9: the record and the answers this browser still holds for it, taken from
 * the load started at start-up when there is one. Loaded once per visit and person: afterwards the
 * sync engine and the live updates keep it current, and nothing of it is kept once the screen is
 * left. Offline, the load waits for the browser to be online; a network failure is tried once more.
 * Without TanStack Query: its observer cost the record route's start-up budget 3 KiB (issue 15 §3).
 */
export function useRecordLoad(recordId: string) {
  const client = useGraphQLClient();
  const { user, isLoading } = useAuth();
  const owner = user?.profile.sub ?? '';
  // Already here when start-up loaded it beside the screen's code: shown in the first render.
  const [state, setState] = useState<LoadState>(() => {
    const early = takeEarlyRecordResult(recordId, owner);
    return early ? { owner, data: early } : { owner };
  });
  const current = state.owner === owner ? state : { owner };
  const settled = current.data !== undefined || current.error !== undefined;

  useEffect(() => {
    if (isLoading || settled) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        await whenOnline(signal);
        if (signal.aborted) return;
        try {
          const data = await (takeEarlyRecordLoad(recordId, owner) ??
            loadRecord(client, recordId, owner, signal));
          if (!signal.aborted) setState({ owner, data });
          return;
        } catch (error) {
          if (signal.aborted) return;
          if (attempt < 1 && error instanceof TypeError) {
            await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
            continue;
          }
          setState({ owner, error: error instanceof Error ? error : new Error(String(error)) });
          return;
        }
      }
    })();
    return () => controller.abort();
  }, [client, recordId, owner, isLoading, settled]);

  return { data: current.data, error: current.error, isError: current.error !== undefined };
}
