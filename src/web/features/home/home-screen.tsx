import './home.css';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useCurtainTransition } from '#web/components/ui/curtain-transition.tsx';
import { Logo } from '#web/components/ui/logo.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { AccountErasedScreen } from './account-erased-screen.tsx';
import { DeleteAccountSection } from './delete-account-control.tsx';
import { EmailVerificationNotice } from './email-verification-notice.tsx';
import { IntroCurtain } from './intro-curtain.tsx';
import { ViewerRecordList } from './viewer-record-list.tsx';

/** customer-app §2 Home, with the spec's exact texts. */
export function HomeScreen() {
  const [params] = useSearchParams();
  // Issue 30 §6: where a person lands once their account is erased (lib/auth/erased-account.ts).
  return params.has('erased') ? <AccountErasedScreen /> : <Home />;
}

function Home() {
  const product = useProductName();
  const { isAuthenticated, isLoading } = useAuth();
  usePageTitle(null);

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <IntroCurtain />
        <div className="home-hero__content">
          <Logo size={76} className="home-hero__logo" />
          <h1 id="home-title" className="home-hero__title">
            {product}
          </h1>
          <p className="home-hero__tagline">Your story matters—this is the place to explore it.</p>
          <p className="home-hero__lead">
            Document your life's journey in detail, step-by-step. Your progress is saved automatically.
          </p>
        </div>
      </section>
      <div className="page home__body">
        {isLoading ? (
          <div className="home__checking">
            <Spinner label="Checking your sign-in..." showLabel />
          </div>
        ) : isAuthenticated ? (
          <SignedInHome />
        ) : (
          <SignedOutHome />
        )}
      </div>
    </div>
  );
}

function SignedOutHome() {
  const { login, signup } = useAuth();
  return (
    <div className="home__choices">
      <Card as="section" aria-labelledby="new-here-title" className="home-card">
        <h2 id="new-here-title">New here?</h2>
        <p>
          If you received an invitation, follow the link in it and create your account with the same e-mail
          address the invitation was sent to. That is how we connect you to the record prepared for you.
        </p>
        <Button variant="accent" size="lg" onClick={() => void signup()}>
          Create your Account
        </Button>
      </Card>
      <Card as="section" aria-labelledby="returning-title" className="home-card">
        <h2 id="returning-title">Returning user?</h2>
        <p>Welcome back! Use Login to access your record</p>
        <Button size="lg" onClick={() => void login()}>
          Login
        </Button>
      </Card>
    </div>
  );
}

function SignedInHome() {
  const navigate = useNavigate();
  const { playCurtain } = useCurtainTransition();
  return (
    <div className="home__signed-in">
      <EmailVerificationNotice />
      <Card as="section" aria-labelledby="welcome-back-title" className="home-card home-card--welcome">
        <h2 id="welcome-back-title">Welcome back!</h2>
        <Link
          to="/dashboard"
          className={buttonClassName('accent', 'lg')}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            // customer-app §4: Enter opens the curtains.
            playCurtain('stage', () => navigate('/dashboard'));
          }}
        >
          Enter
        </Link>
      </Card>
      <Card className="home-card">
        <ViewerRecordList />
      </Card>
      <DeleteAccountSection />
    </div>
  );
}
