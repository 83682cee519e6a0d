import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { MyRecordAuditQuery, RecordAiConsentQuery, SetAiConsentMutation } from './trust-documents.ts';

const consentKey = (recordId: string) => ['record-ai-consent', recordId] as const;
const auditKey = (recordId: string) => ['record-audit', recordId] as const;

/** Issue 29 §3: the owner's current answer, and a change of it (which the audit lists at once). */
export function useAiConsent(recordId: string) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const consent = useQuery({
    queryKey: consentKey(recordId),
    queryFn: async ({ signal }) =>
      (await client.request(RecordAiConsentQuery, { id: recordId }, { signal })).record?.aiConsent ?? null,
  });
  const change = useMutation({
    mutationFn: async (agreed: boolean) =>
      (await client.request(SetAiConsentMutation, { recordId, agreed })).setAiConsent,
    onSuccess: (saved) => {
      queryClient.setQueryData(consentKey(recordId), saved);
      return queryClient.invalidateQueries({ queryKey: auditKey(recordId) });
    },
  });
  return { consent, change };
}

export const AUDIT_LIST_PAGE_SIZE = 10;

/** Issue 29 §2: one page of the record's audit, asked for only once the list is opened. */
export function useRecordAudit(recordId: string, page: number, enabled: boolean) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...auditKey(recordId), page],
    queryFn: async ({ signal }) =>
      (
        await client.request(
          MyRecordAuditQuery,
          { input: { recordId, page, pageSize: AUDIT_LIST_PAGE_SIZE } },
          { signal },
        )
      ).myAudit,
    enabled,
    placeholderData: keepPreviousData,
  });
}
