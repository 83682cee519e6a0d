import { useQuery } from '@tanstack/react-query';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { FormVersionFormQuery } from '#web/lib/form-versions-api.ts';
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

/** A type's form; with `version`, that published version's (the record's own, issue 12). */
export function useDatasyncForm(typeId: string | null, version: number | null) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['datasync-form', typeId, version],
    queryFn: async ({ signal }) => {
      if (version === null)
        return (await client.request(DatasyncFormQuery, { id: typeId ?? '' }, { signal })).inventoryType;
      const answer = await client.request(
        FormVersionFormQuery,
        { id: typeId ?? '', number: version },
        { signal },
      );
      return { id: typeId ?? '', form: answer.formVersionForm };
    },
    enabled: isAuthenticated && typeId !== null,
  });
}
