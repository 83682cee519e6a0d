import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCheckout, SandboxPayment } from '#domain/sandbox-checkout.ts';
import { failureMessage, useApiRequest } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

const PAYMENT_FAILED = 'The payment could not be completed. Please try again.';

const checkoutPath = (productId: string) => `/api/sandbox-checkout/${encodeURIComponent(productId)}`;

/** What the sandbox page sells: `GET /api/sandbox-checkout/:productId?client_reference_id=`. */
export function useSandboxCheckout(productId: string, organizationId: string | null) {
  const request = useApiRequest();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: ['sandbox-checkout', productId, organizationId, user?.profile.sub],
    queryFn: async ({ signal }) => {
      const query = organizationId ? `?client_reference_id=${encodeURIComponent(organizationId)}` : '';
      try {
        return await request<SandboxCheckout>(`${checkoutPath(productId)}${query}`, {
          method: 'GET',
          signal,
        });
      } catch (error) {
        throw new Error(failureMessage(error, 'The checkout could not be loaded.'));
      }
    },
    enabled: isAuthenticated,
    retry: false,
  });
}

/** "Pay": completes the purchase through the same granting code as Stripe's webhook. */
export function usePaySandboxCheckout(productId: string) {
  const request = useApiRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ organizationId, paymentId }: { organizationId: string; paymentId: string }) => {
      try {
        return await request<SandboxPayment>(checkoutPath(productId), {
          body: { clientReferenceId: organizationId, paymentId },
        });
      } catch (error) {
        throw new Error(failureMessage(error, PAYMENT_FAILED));
      }
    },
    // The credits are on the Account screen at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
