import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITE_FAILURE_MESSAGE, type Invite, resendFailureMessage } from '#domain/invitation.ts';
import { ApiRequestError, failureMessage, useApiRequest } from '#web/lib/api-request.ts';
import { ACCOUNT_QUERY_KEY } from './account.ts';

/** customer-app §7 `POST /invite`; on success (§4) the organization and its records are reloaded. */
export function useInvite() {
  const request = useApiRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite: Invite) => {
      try {
        return await request<{ reportId: string }>('/api/invite', { body: invite });
      } catch (error) {
        throw new Error(failureMessage(error, INVITE_FAILURE_MESSAGE));
      }
    },
    // Also after a failure: an invitation whose mail failed still took its credit (decision 071).
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_KEY] }),
  });
}

/** customer-app §7 `POST /resend`; the toast reads "Error re-sending invite: {message}" on failure. */
export function useResendInvite() {
  const request = useApiRequest();
  return useMutation({
    mutationFn: async (reportId: string) => {
      try {
        return await request<{ status: string }>('/api/resend', { body: { reportId } });
      } catch (error) {
        throw new Error(
          resendFailureMessage(error instanceof ApiRequestError ? error.serverMessage : undefined),
        );
      }
    },
  });
}
