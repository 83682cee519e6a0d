import { useQuery } from '@tanstack/react-query';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { DatasyncFormQuery, DatasyncRecordQuery } from './datasync-documents.ts';

export function useDatasyncRecord(recordId: string) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['datasync-record', recordId],
    queryFn: ({ signal }) => client.request(DatasyncRecordQuery, { id: recordId }, { signal }),
    enabled: isAuthenticated,
  });
}

export function useDatasyncForm(typeId: string | null) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['datasync-form', typeId],
    queryFn: async ({ signal }) =>
      (await client.request(DatasyncFormQuery, { id: typeId ?? '' }, { signal })).inventoryType,
    enabled: isAuthenticated && typeId !== null,
  });
}
