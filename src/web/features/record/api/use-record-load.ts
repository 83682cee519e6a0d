import { useQuery } from '@tanstack/react-query';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
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
 * (DESIGN §7: restored, then sent again). Loaded once per visit: afterwards the sync engine and the
 * live updates keep it current, and nothing of it stays cached once the screen is left.
 */
export function useRecordLoad(recordId: string) {
  const client = useGraphQLClient();
  const { user, isLoading } = useAuth();
  const owner = user?.profile.sub ?? '';
  return useQuery({
    queryKey: ['record-screen', recordId, owner],
    queryFn: async ({ signal }) => {
      const [{ record }, restored] = await Promise.all([
        client.request(RecordScreenQuery, { id: recordId }, { signal }),
        owner ? restoredAnswers(owner, recordId) : Promise.resolve({}),
      ]);
      if (!record) throw new Error(RECORD_NOT_FOUND_MESSAGE);
      return { record, restored, owner };
    },
    enabled: !isLoading,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
