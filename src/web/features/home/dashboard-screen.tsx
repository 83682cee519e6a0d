import './home.css';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { EmailVerificationNotice } from './email-verification-notice.tsx';
import { ViewerRecordList } from './viewer-record-list.tsx';

interface Destination {
  to: string;
  title: string;
  description: string;
}

/**
 * Where "Enter" leads (customer-app §2 links #/dashboard but does not specify the screen): the
 * person's records and the places their roles open.
 */
export function DashboardScreen() {
  usePageTitle('Dashboard');
  const auth = useAuth();

  if (auth.isLoading) {
    return (
      <div className="page page-loading">
        <Spinner label="Checking your sign-in..." showLabel />
      </div>
    );
  }
  if (!auth.isAuthenticated) {
    return (
      <section className="page page--narrow simple-page" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">Dashboard</h1>
        <p>Please log in to see your records.</p>
        <Button onClick={() => void auth.login()}>Login</Button>
      </section>
    );
  }

  return (
    <div className="page dashboard">
      <header className="dashboard__header">
        <h1>Dashboard</h1>
        <p className="dashboard__greeting">{auth.name ? `Hello, ${auth.name}.` : 'Hello.'}</p>
      </header>
      <EmailVerificationNotice />
      <div className="dashboard__grid">
        <Card className="home-card">
          <ViewerRecordList />
        </Card>
        <Card as="section" aria-labelledby="destinations-title" className="home-card">
          <h2 id="destinations-title">Where to next</h2>
          <ul className="destination-list">
            {destinationsFor(auth).map((destination) => (
              <li key={destination.to}>
                <Link to={destination.to} className="destination">
                  <span className="destination__title">{destination.title}</span>
                  <span className="destination__description">{destination.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

function destinationsFor({
  isAdmin,
  isCustomerOrAdmin,
}: {
  isAdmin: boolean;
  isCustomerOrAdmin: boolean;
}): Destination[] {
  const destinations: Destination[] = [];
  // customer-app §6: customers and admins use Account, Inventory and Products.
  if (isCustomerOrAdmin) {
    destinations.push(
      { to: '/account', title: 'Account', description: 'Your organization, its records and invitations.' },
      { to: '/products', title: 'Products', description: 'Buy record credits for the people you invite.' },
      { to: '/inventory', title: 'Inventory', description: 'Fill in the step-by-step inventory.' },
    );
  }
  // admin-app §6: the admin console and the form builder are for admins.
  if (isAdmin) {
    destinations.push(
      { to: '/admin', title: 'Admin', description: 'Records, organizations, users, forms and products.' },
      { to: '/formbuilder', title: 'Forms', description: 'Build and edit the record templates.' },
    );
  }
  destinations.push(
    { to: '/faq', title: 'FAQ', description: 'Answers to common questions.' },
    { to: '/contact', title: 'Contact Us', description: 'Ask us anything; we are glad to help.' },
  );
  return destinations;
}
