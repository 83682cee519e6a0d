import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormTemplate, parseFormTemplate } from '#domain/form-template.ts';
import type { RecordMigrationInput } from '#web/gql/graphql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { FORM_VERSIONS_QUERY_KEY, FormVersionFormQuery } from '#web/lib/form-versions-api.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import {
  FormVersionsQuery,
  MigrateRecordsMappedMutation,
  MigrationTargetsQuery,
  PreviewRecordMigrationQuery,
  RecordMigrationBatchesQuery,
  TargetVersionsQuery,
  UndoRecordMigrationMutation,
} from './form-version-documents.ts';

const ROOT = FORM_VERSIONS_QUERY_KEY;

export function useFormVersions(typeId: string) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [ROOT, 'list', typeId],
    queryFn: ({ signal }) => client.request(FormVersionsQuery, { id: typeId }, { signal }),
    enabled: isAuthenticated,
  });
}

export function useMigrationTargets() {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [ROOT, 'targets'],
    queryFn: async ({ signal }) =>
      (await client.request(MigrationTargetsQuery, {}, { signal })).inventoryTypes,
    enabled: isAuthenticated,
  });
}

export function useTargetVersions(typeId: string | null) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [ROOT, 'list-numbers', typeId],
    queryFn: async ({ signal }) =>
      (await client.request(TargetVersionsQuery, { id: typeId ?? '' }, { signal })).formVersions.versions.map(
        (version) => version.number,
      ),
    enabled: isAuthenticated && typeId !== null,
  });
}

export interface VersionRef {
  typeId: string;
  number: number;
}

/** Published versions never change, so their forms are cached for good. */
export function useVersionForms(refs: readonly (VersionRef | null)[]) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQueries({
    queries: refs.map((ref) => ({
      queryKey: ['form-version-form', ref?.typeId, ref?.number],
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<FormTemplate> => {
        const answer = await client.request(
          FormVersionFormQuery,
          { id: ref?.typeId ?? '', number: ref?.number ?? 0 },
          { signal },
        );
        const parsed = parseFormTemplate(answer.formVersionForm);
        if (!parsed.ok) throw new Error(parsed.error);
        return parsed.form;
      },
      enabled: isAuthenticated && ref !== null,
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
}

export function usePreviewMigration() {
  const client = useGraphQLClient();
  return useMutation({
    mutationFn: async (input: RecordMigrationInput) =>
      (await client.request(PreviewRecordMigrationQuery, { input })).previewRecordMigration,
  });
}

export function useMigrateRecords() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecordMigrationInput) =>
      (await client.request(MigrateRecordsMappedMutation, { input })).migrateRecordsMapped,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

export function useUndoMigration() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (batchId: string) =>
      (await client.request(UndoRecordMigrationMutation, { batchId })).undoRecordMigration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

export function useMigrationBatches(typeId: string) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [ROOT, 'batches', typeId],
    queryFn: async ({ signal }) =>
      (await client.request(RecordMigrationBatchesQuery, { id: typeId }, { signal })).recordMigrationBatches,
    enabled: isAuthenticated,
  });
}
