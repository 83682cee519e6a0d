import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

/** Issue 43 §5: what an organization sees of its invited records: progress, never answers. */
export interface RecordActivity {
  recordId: string;
  name: string | null;
  percent: number | null;
  lastActivity: string;
  submitted: boolean;
  remindersOn: boolean;
}

export interface OrganizationActivity {
  suggestReminders: boolean;
  records: RecordActivity[];
}

const key = (organizationId: string) => ['record-activity', organizationId] as const;

export function useRecordActivity(organizationId: string) {
  const { getIdToken, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: key(organizationId),
    queryFn: ({ signal }) =>
      requestApi<OrganizationActivity>(
        `/api/organizations/${encodeURIComponent(organizationId)}/record-activity`,
        getIdToken,
        { method: 'GET', signal },
      ),
    enabled: isAuthenticated,
  });
}

export function useSuggestReminders(organizationId: string) {
  const { getIdToken } = useAuth();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (suggest: boolean) =>
      requestApi<{ suggest: boolean }>(
        `/api/organizations/${encodeURIComponent(organizationId)}/reminder-suggestion`,
        getIdToken,
        { method: 'PUT', body: { suggest } },
      ),
    onSuccess: async () => {
      // The suggestion shows on the viewer's own records too (the `reminders` queries).
      await Promise.all([
        queries.invalidateQueries({ queryKey: key(organizationId) }),
        queries.invalidateQueries({ queryKey: ['reminders'] }),
      ]);
    },
  });
}
