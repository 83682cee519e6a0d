import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSetting } from '#domain/reminders.ts';
import { requestApi } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

/** A record's reminders as the server tells its owner (GET /api/records/:id/reminders, decision 195). */
export interface RecordReminder {
  recordId: string;
  setting: ReminderSetting;
  saved: boolean;
  nextSendAt: string | null;
  snoozedUntil: string | null;
  suggested: boolean;
}

export interface OwnReminder extends RecordReminder {
  typeName: string;
  submitted: boolean;
}

const recordKey = (recordId: string) => ['reminders', recordId] as const;

export function useRecordReminder(recordId: string) {
  const { getIdToken, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: recordKey(recordId),
    queryFn: ({ signal }) =>
      requestApi<RecordReminder>(`/api/records/${encodeURIComponent(recordId)}/reminders`, getIdToken, {
        method: 'GET',
        signal,
      }),
    enabled: isAuthenticated,
  });
}

export function useOwnReminders(enabled = true) {
  const { getIdToken, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['reminders', 'own'],
    queryFn: ({ signal }) =>
      requestApi<OwnReminder[]>('/api/reminders', getIdToken, { method: 'GET', signal }),
    enabled: isAuthenticated && enabled,
  });
}

/** Saves the setting or snoozes it; either answers the record's reminders as they are now. */
export function useChangeReminder(recordId: string) {
  const { getIdToken } = useAuth();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (change: { snooze: true } | { setting: ReminderSetting }) =>
      'snooze' in change
        ? requestApi<RecordReminder>(
            `/api/records/${encodeURIComponent(recordId)}/reminders/snooze`,
            getIdToken,
            {
              body: {},
            },
          )
        : requestApi<RecordReminder>(`/api/records/${encodeURIComponent(recordId)}/reminders`, getIdToken, {
            method: 'PUT',
            body: change.setting,
          }),
    onSuccess: (reminder) => {
      queries.setQueryData(recordKey(recordId), reminder);
      void queries.invalidateQueries({ queryKey: ['reminders', 'own'] });
    },
  });
}
