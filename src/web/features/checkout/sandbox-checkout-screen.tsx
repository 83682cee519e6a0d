import './checkout.css';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCost } from '#domain/money.ts';
import { CLIENT_REFERENCE_PARAM } from '#domain/payment-link.ts';
import type { SandboxCheckout } from '#domain/sandbox-checkout.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { LoginPrompt } from '#web/components/ui/login-prompt.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { usePaySandboxCheckout, useSandboxCheckout } from './api/sandbox-checkout.ts';
import { newPaymentId } from './payment-id.ts';

const records = (count: number) => (count === 1 ? '1 record' : `${count} records`);

/**
 * The payments sandbox (DESIGN §1, docs/decisions/070): where "Buy Now" and Checkout lead while
 * Stripe is not configured. It looks like a checkout and says plainly that nothing is charged;
 * "Pay" completes the purchase through the same granting code as Stripe's webhook.
 */
export function SandboxCheckoutScreen() {
  usePageTitle('Sandbox checkout');
  const auth = useAuth();
  const { productId = '' } = useParams();
  const [search] = useSearchParams();
  const checkout = useSandboxCheckout(productId, search.get(CLIENT_REFERENCE_PARAM));

  return (
    <div className="page sandbox-checkout">
      <p className="sandbox-checkout__banner" role="note">
        <strong>Sandbox — no real payment.</strong> This server takes no payments: nothing is charged, and
        paying adds the records at once.
      </p>
      <h1>Checkout</h1>
      {auth.isLoading ? (
        <Spinner label="Loading..." showLabel />
      ) : !auth.isAuthenticated ? (
        <LoginPrompt message="Please log in to complete the purchase." onLogin={() => void auth.login()} />
      ) : checkout.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : checkout.isError ? (
        <>
          <ErrorMessage message={checkout.error.message} />
          <Link to="/products">Back to Products</Link>
        </>
      ) : (
        <SandboxPayment checkout={checkout.data} />
      )}
    </div>
  );
}

function SandboxPayment({ checkout }: { checkout: SandboxCheckout }) {
  const { product, organization } = checkout;
  // One payment per opened page: a second click or a retry is the same payment, granted once.
  const [paymentId] = useState(newPaymentId);
  const pay = usePaySandboxCheckout(product.id);

  if (pay.isSuccess) {
    return (
      <section className="sandbox-checkout__done" aria-labelledby="payment-complete-title">
        <h2 id="payment-complete-title" tabIndex={-1} ref={(heading) => heading?.focus()}>
          Payment complete
        </h2>
        <p>
          {records(pay.data.credits)} of {product.inventoryTypeName} {pay.data.credits === 1 ? 'was' : 'were'}{' '}
          added to {organization.name}. You can now invite people from your Account.
        </p>
        <div className="button-row">
          <Link to="/account" className={buttonClassName('primary')}>
            Go to Account
          </Link>
          <Link to="/products" className={buttonClassName('secondary')}>
            Back to Products
          </Link>
        </div>
      </section>
    );
  }

  return (
    <div className="sandbox-checkout__layout">
      <section className="sandbox-checkout__summary" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className="visually-hidden">
          Order summary
        </h2>
        <p className="sandbox-checkout__product">{product.name}</p>
        <p className="sandbox-checkout__price">{formatCost(product.cost)}</p>
        <p className="sandbox-checkout__description">{product.description}</p>
        <dl className="sandbox-checkout__facts">
          <div>
            <dt>Inventory Type</dt>
            <dd>{product.inventoryTypeName}</dd>
          </div>
          <div>
            <dt>Records</dt>
            <dd>{product.credits}</dd>
          </div>
          <div>
            <dt>For</dt>
            <dd>{organization.name}</dd>
          </div>
        </dl>
      </section>
      <section className="sandbox-checkout__pay" aria-labelledby="pay-title">
        <h2 id="pay-title">Pay</h2>
        <p>
          No card is needed in the sandbox. Paying adds {records(product.credits)} of{' '}
          {product.inventoryTypeName} to <strong>{organization.name}</strong>, exactly as a real payment
          would.
        </p>
        <div className="sandbox-checkout__total">
          <span>Total due</span>
          <span>{formatCost(product.cost)}</span>
        </div>
        <Button
          size="lg"
          className="sandbox-checkout__pay-button"
          aria-disabled={pay.isPending ? true : undefined}
          onClick={() => {
            if (!pay.isPending) pay.mutate({ organizationId: organization.id, paymentId });
          }}
        >
          {pay.isPending ? 'Paying...' : `Pay ${formatCost(product.cost)}`}
        </Button>
        {pay.isError ? <ErrorMessage message={pay.error.message} /> : null}
      </section>
    </div>
  );
}
