import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordReportGenerationsQuery as Generations } from '#web/gql/graphql.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { useSubscription } from '#web/lib/live-updates.tsx';
import {
  RecordReportGenerationsLive,
  RecordReportGenerationsQuery,
  UpdateReportGenerationMutation,
} from './report-generation-documents.ts';

export type ReportGeneration = NonNullable<Generations['record']>['reportGenerations'][number];

const generationsKey = (recordId: string) => ['record-report-generations', recordId] as const;

/**
 * The record's generations and its type's model, kept current by the record subscription
 * (customer-app §6: admins only, so only an admin's screen asks).
 */
export function useReportGenerations(recordId: string, enabled: boolean) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: generationsKey(recordId),
    queryFn: async ({ signal }) =>
      (await client.request(RecordReportGenerationsQuery, { id: recordId }, { signal })).record,
    enabled,
  });

  // The app's shared connection; a dropped subscription is taken up again, and meanwhile the list
  // is what it was.
  useSubscription(
    RecordReportGenerationsLive,
    { id: recordId },
    {
      enabled,
      onNext: ({ record }) => {
        if (!record) return;
        queryClient.setQueryData<Generations['record']>(generationsKey(recordId), (current) =>
          current ? { ...current, reportGenerations: record.reportGenerations } : current,
        );
      },
    },
  );

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
