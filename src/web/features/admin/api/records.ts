import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRecordsQuery as AdminRecordsResult, RecordSort } from '#web/gql/graphql.ts';
import { useApiRequest } from '#web/lib/api-request.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { downloadAuditedReport } from '#web/lib/report-word/audited-download.ts';
import { NO_REPORT_DATA_MESSAGE } from '../admin-messages.ts';
import { AdminRecordsQuery, LatestGenerationQuery, SetRecordSubmittedMutation } from './admin-documents.ts';
import {
  ADMIN_QUERY_KEY,
  type PageRequest,
  pageInput,
  useAdminChange,
  useAdminPage,
} from './use-admin-request.ts';

/** One row of the Records tab. */
export type AdminRecord = AdminRecordsResult['recordsPage']['records'][number];

const RECORD_SORTS: Record<string, RecordSort> = {
  client: 'CLIENT',
  type: 'TYPE',
  organization: 'ORGANIZATION',
  createdAt: 'CREATED_AT',
  updatedAt: 'UPDATED_AT',
  submitted: 'SUBMITTED',
};

/** One page of the Records tab; the previous page stays on screen while the next one loads. */
export function useAdminRecords(request: PageRequest & { showUnassigned: boolean }) {
  const input = { ...pageInput(request, RECORD_SORTS), showUnassigned: request.showUnassigned };
  return useAdminPage(
    'records',
    input,
    async (client, asked, signal) =>
      (await client.request(AdminRecordsQuery, { input: asked }, { signal })).recordsPage,
  );
}

/** admin-app §4 Record submitted flag: saved at once; the row then shows what the server stored. */
export const useSetSubmitted = () =>
  useAdminChange(
    (client, input: { id: string; submitted: boolean }) => client.request(SetRecordSubmittedMutation, input),
    ['records'],
  );

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
  return useMutation({
    mutationFn: async (recordId: string) => {
      const { latestReportGeneration } = await client.request(LatestGenerationQuery, { recordId });
      if (!latestReportGeneration) throw new Error(NO_REPORT_DATA_MESSAGE);
      // Issue 29 §1: the text comes with the download's audit entry.
      await downloadAuditedReport(client, latestReportGeneration.id, NO_REPORT_DATA_MESSAGE);
    },
  });
}
