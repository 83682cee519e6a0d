import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITE_FAILURE_MESSAGE, type Invite } from '#domain/invitation.ts';
import { failureMessage, useApiRequest } from '#web/lib/api-request.ts';
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

// Re-Send Invite is shared with the admin console's Records tab.
export { useResendInvite } from '#web/lib/use-resend-invite.ts';
