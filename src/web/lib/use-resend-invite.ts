import { useMutation } from '@tanstack/react-query';
import { resendFailureMessage } from '#domain/invitation.ts';
import { ApiRequestError, useApiRequest } from './api-request.ts';

/**
 * customer-app §7 `POST /resend` (Account) and admin-app §2 Records "Re-Send Invite": the toast reads
 * "Error re-sending invite: {message}" on failure.
 */
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
