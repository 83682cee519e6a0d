import { useCallback, useEffect, useState } from 'react';
import type { TypedDocumentString } from '#web/gql/graphql.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { MyRecordAuditQuery, RecordAiConsentQuery, SetAiConsentMutation } from './trust-documents.ts';

// Plain hooks rather than TanStack Query: the record screen uses no query cache, and its observer
// would add 4 KiB gzip to the record route's 130 KiB budget (issue 15) for two small requests.

interface Requested<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error;
}

/** A consent change lists at once in the record's audit: the list asks again. */
const auditChanges = new EventTarget();

function useRequest<TResult, TVariables, T>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  pick: (result: TResult) => T,
  enabled = true,
  refreshOn?: EventTarget,
): Requested<T> {
  const client = useGraphQLClient();
  const key = JSON.stringify(variables);
  const [state, setState] = useState<{ data?: T; error?: Error; loaded: boolean }>({ loaded: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!refreshOn) return;
    const again = () => setRound((n) => n + 1);
    refreshOn.addEventListener('change', again);
    return () => refreshOn.removeEventListener('change', again);
  }, [refreshOn]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the variables; `round` asks again.
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    client
      .request(document, JSON.parse(key) as TVariables, { signal: abort.signal })
      .then((result) => setState({ data: pick(result), loaded: true }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        // The previous page stays on screen with the error, as the list did before.
        setState((before) => ({ ...before, error: asError(error), loaded: true }));
      });
    return () => abort.abort();
  }, [client, document, key, enabled, round]);
  return {
    data: state.data,
    isPending: !state.loaded,
    isError: state.error !== undefined,
    error: state.error ?? new Error(''),
  };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Issue 29 §3: the owner's current answer, and a change of it (which the audit lists at once). */
export function useAiConsent(recordId: string) {
  const client = useGraphQLClient();
  const consent = useRequest(
    RecordAiConsentQuery,
    { id: recordId },
    (result) => result.record?.aiConsent ?? null,
  );
  const [saved, setSaved] = useState<typeof consent.data>(undefined);
  const [pending, setPending] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const mutate = useCallback(
    (agreed: boolean) => {
      setPending(agreed);
      setError(undefined);
      client
        .request(SetAiConsentMutation, { recordId, agreed })
        .then((result) => {
          setSaved(result.setAiConsent);
          auditChanges.dispatchEvent(new Event('change'));
        })
        .catch((failure: unknown) => setError(asError(failure)))
        .finally(() => setPending(undefined));
    },
    [client, recordId],
  );
  const change = {
    mutate,
    isPending: pending !== undefined,
    variables: pending,
    isError: error !== undefined,
    error: error ?? new Error(''),
  };
  return { consent: { ...consent, data: saved ?? consent.data }, change };
}

export const AUDIT_LIST_PAGE_SIZE = 10;

/** Issue 29 §2: one page of the record's audit, asked for only once the list is opened. */
export function useRecordAudit(recordId: string, page: number, enabled: boolean) {
  return useRequest(
    MyRecordAuditQuery,
    { input: { recordId, page, pageSize: AUDIT_LIST_PAGE_SIZE } },
    (result) => result.myAudit,
    enabled,
    auditChanges,
  );
}
