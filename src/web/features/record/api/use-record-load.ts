import { useQuery } from '@tanstack/react-query';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { loadRecord, takeEarlyRecordLoad } from './record-load.ts';

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
    enabled: !isLoading,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
