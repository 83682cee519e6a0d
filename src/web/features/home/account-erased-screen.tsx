import './erasure.css';
import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** Issue 30 §6: where a person lands after erasing their account: what happened, and nothing to undo. */
export function AccountErasedScreen() {
  const product = useProductName();
  usePageTitle('Account erased');
  return (
    <div className="page">
      <Card as="section" className="account-erased" aria-labelledby="account-erased-title">
        <h1 id="account-erased-title" tabIndex={-1}>
          Your account and your story have been erased
        </h1>
        <p>
          Every answer you wrote, the reports made from them, your name, your e-mail address and your sign-in
          are gone from {product}. You have been signed out on every device.
        </p>
        <p>
          We have sent a short confirmation to the e-mail address you had. Thank you for the time you spent
          here.
        </p>
        <Link to="/" className={buttonClassName('secondary')}>
          Back to the home page
        </Link>
      </Card>
    </div>
  );
}
