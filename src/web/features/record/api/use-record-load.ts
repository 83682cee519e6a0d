import { useQuery } from '@tanstack/react-query';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { loadRecord, takeEarlyRecordLoad, takeEarlyRecordResult } from './record-load.ts';

const RECORD_CACHE_MS = 2_000;

/**
 * customer-app §7 call 9: the record and the answers this browser still holds for it, taken from
 * the load started at start-up when there is one. Loaded once per visit: afterwards the sync engine
 * and the live updates keep it current, and nothing of it stays cached once the screen is left.
 */
export function useRecordLoad(recordId: string) {
  const client = useGraphQLClient();
  const { user, isLoading } = useAuth();
  const owner = user?.profile.sub ?? '';
  return useQuery({
    queryKey: ['record-screen', recordId, owner],
    queryFn: ({ signal }) =>
      takeEarlyRecordLoad(recordId, owner) ?? loadRecord(client, recordId, owner, signal),
    // Already here when start-up loaded it beside the screen's code: shown in the first render.
    initialData: () => takeEarlyRecordResult(recordId, owner),
    enabled: !isLoading,
    staleTime: Number.POSITIVE_INFINITY,
    // Dropped soon after the screen is left. Not 0: a first render of 500 questions outlasts a 0 ms
    // collection timer, which dropped the record before the screen subscribed and loaded it twice.
    gcTime: RECORD_CACHE_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
