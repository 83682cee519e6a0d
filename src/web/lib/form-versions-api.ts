import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '#web/gql/gql.ts';
import { useGraphQLClient } from './graphql-client-context.tsx';

// Issue 12: what several screens ask of form versions (the builder, the versions page, datasync).

/** One published version's form, as the server stored it. */
export const FormVersionFormQuery = graphql(`
  query FormVersionForm($id: ID!, $number: Int!) {
    formVersionForm(inventoryTypeId: $id, number: $number)
  }
`);

const PublishFormVersionMutation = graphql(`
  mutation PublishFormVersion($id: ID!) {
    publishFormVersion(inventoryTypeId: $id) {
      number
    }
  }
`);

/** Everything a publish, migration or undo changes is cached under this key, refetched after each. */
export const FORM_VERSIONS_QUERY_KEY = 'form-versions';

/** "Publish": the saved draft of a type becomes its next version; new records take it. */
export function usePublishFormVersion() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (typeId: string) =>
      (await client.request(PublishFormVersionMutation, { id: typeId })).publishFormVersion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [FORM_VERSIONS_QUERY_KEY] }),
  });
}
