import './checkout.css';
import { useParams, useSearchParams } from 'react-router';
import { MISSING_STRIPE_ID_MESSAGE } from '#domain/payment-link.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoginPrompt } from '#web/components/ui/login-prompt.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useCheckoutSession } from './api/checkout-session.ts';

const CREATING = 'Creating your checkout session...';

/**
 * customer-app §2 Checkout (`#/checkout/{stripeId}` or `#/checkout?stripeId=`), §4: no session url
 * yet means loading; once there, "Proceed to Payment" sends the browser to it.
 */
export function CheckoutScreen() {
  usePageTitle('Checkout');
  const auth = useAuth();
  const params = useParams();
  const [search] = useSearchParams();
  const stripeId = (params.stripeId ?? search.get('stripeId') ?? '').trim() || null;
  const session = useCheckoutSession(stripeId);

  return (
    <div className="page page--narrow checkout">
      <h1>Checkout</h1>
      <Card className="checkout__card">
        {!stripeId ? (
          <ErrorMessage message={MISSING_STRIPE_ID_MESSAGE} />
        ) : auth.isLoading ? (
          <Spinner label={CREATING} showLabel />
        ) : !auth.isAuthenticated ? (
          <LoginPrompt message="Please log in to buy records." onLogin={() => void auth.login()} />
        ) : session.isError ? (
          <ErrorMessage message={session.error.message} />
        ) : !session.data ? (
          <Spinner label={CREATING} showLabel />
        ) : (
          <>
            <p>Your checkout session is ready.</p>
            <Button size="lg" onClick={() => window.location.assign(session.data.url)}>
              Proceed to Payment
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
