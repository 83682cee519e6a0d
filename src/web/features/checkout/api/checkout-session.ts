import { useQuery } from '@tanstack/react-query';
import { CHECKOUT_FAILED_MESSAGE } from '#domain/payment-link.ts';
import { failureMessage, useApiRequest } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

/**
 * customer-app §7 Checkout: `POST /api/create-checkout-session { stripeId }` → `{ url }`. A query
 * (not a mutation) so that the screen asks once per price and person, even when React renders it
 * twice; never retried, since each try creates a session at the provider.
 */
export function useCheckoutSession(stripeId: string | null) {
  const request = useApiRequest();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: ['checkout-session', stripeId, user?.profile.sub],
    queryFn: async ({ signal }) => {
      try {
        return await request<{ url: string }>('/api/create-checkout-session', { body: { stripeId }, signal });
      } catch (error) {
        throw new Error(failureMessage(error, CHECKOUT_FAILED_MESSAGE));
      }
    },
    enabled: isAuthenticated && Boolean(stripeId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
