import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiRequest } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { downloadReport } from '#web/lib/report-word/download-report.ts';
import { NO_REPORT_DATA_MESSAGE } from '../admin-messages.ts';
import { AdminRecordsQuery, LatestGenerationQuery, SetRecordSubmittedMutation } from './admin-documents.ts';
import { ADMIN_QUERY_KEY, useAdminQuery } from './use-admin-request.ts';

export const useAdminRecords = () => useAdminQuery('records', AdminRecordsQuery);

/** admin-app §4 Record submitted flag: saved at once; the row then shows what the server stored. */
export function useSetSubmitted() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; submitted: boolean }) =>
      client.request(SetRecordSubmittedMutation, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY, 'records'] }),
  });
}

/** admin-app §7 POST /reports, then the list is reloaded (§4 "then the list is reloaded"). */
export function useGenerateReport() {
  const request = useApiRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reportId: string; model: string }) =>
      request<unknown>('/api/reports', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY, 'records'] }),
  });
}

/** admin-app §7/§9: the latest generation (limit 1) as the same Word document as the record screen. */
export function useDownloadLatestReport() {
  const client = useGraphQLClient();
  const { getIdToken } = useAuth();
  return useMutation({
    mutationFn: async (recordId: string) => {
      if (!(await getIdToken())) throw new Error('Failed to retrieve JWT token. User is not authenticated.');
      const { latestReportGeneration } = await client.request(LatestGenerationQuery, { recordId });
      if (!latestReportGeneration?.response) throw new Error(NO_REPORT_DATA_MESSAGE);
      await downloadReport(latestReportGeneration);
    },
  });
}
