import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RecordReportGenerationsQuery as Generations } from '#web/gql/graphql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { createSubscriptionClient, subscribeTo } from '#web/lib/graphql-subscriptions.ts';
import {
  RecordReportGenerationsLive,
  RecordReportGenerationsQuery,
  UpdateReportGenerationMutation,
} from './report-generation-documents.ts';

export type ReportGeneration = NonNullable<Generations['record']>['reportGenerations'][number];

/** After the live connection gives up, subscribe again after this pause. */
const RESUBSCRIBE_AFTER_MS = 5000;

const generationsKey = (recordId: string) => ['record-report-generations', recordId] as const;

/**
 * The record's generations and its type's model, kept current by the record subscription
 * (customer-app §6: admins only, so only an admin's screen asks).
 */
export function useReportGenerations(recordId: string, enabled: boolean) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const { getIdToken } = useAuth();
  const query = useQuery({
    queryKey: generationsKey(recordId),
    queryFn: async ({ signal }) =>
      (await client.request(RecordReportGenerationsQuery, { id: recordId }, { signal })).record,
    enabled,
  });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let resubscribe: ReturnType<typeof setTimeout> | undefined;
    const live = createSubscriptionClient({ getIdToken });
    let stop = () => {};
    const subscribe = () => {
      stop = subscribeTo(
        live,
        RecordReportGenerationsLive,
        { id: recordId },
        {
          next: ({ record }) => {
            if (!record) return;
            queryClient.setQueryData<Generations['record']>(generationsKey(recordId), (current) =>
              current ? { ...current, reportGenerations: record.reportGenerations } : current,
            );
          },
          // A dropped subscription is taken up again; meanwhile the list is what it was.
          error: () => {
            if (!stopped) resubscribe = setTimeout(subscribe, RESUBSCRIBE_AFTER_MS);
          },
        },
      );
    };
    subscribe();
    return () => {
      stopped = true;
      clearTimeout(resubscribe);
      stop();
      void live.dispose();
    };
  }, [recordId, enabled, getIdToken, queryClient]);

  return query;
}

/** customer-app §7 call 12; the edited text replaces the cached one at once. */
export function useUpdateReportGeneration(recordId: string) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; response: string }) =>
      (await client.request(UpdateReportGenerationMutation, input)).updateReportGeneration ?? null,
    onSuccess: (updated) => {
      if (!updated) return;
      queryClient.setQueryData<Generations['record']>(generationsKey(recordId), (current) =>
        current
          ? {
              ...current,
              reportGenerations: current.reportGenerations.map((generation) =>
                generation.id === updated.id ? updated : generation,
              ),
            }
          : current,
      );
    },
  });
}

/** After a new generation: read the list again (the subscription usually got there first). */
export function useRefreshReportGenerations(recordId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: generationsKey(recordId) });
}
