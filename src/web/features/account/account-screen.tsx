import './account.css';
import { Link, Navigate } from 'react-router';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { OwnRecordReminders, ReminderSuggestion } from './account-reminders.tsx';
import { useAccountOrganization } from './api/account.ts';
import { OrganizationDetails } from './organization-details.tsx';
import { OrganizationRecordsTable } from './organization-records-table.tsx';
import { RecordInviteForm } from './record-invite-form.tsx';

/**
 * customer-app §2 Account: the organization, the Record Invite form and the Organization Records
 * table. Non-customers and non-admins are redirected to the root (§6); the server refuses them
 * anyway (DESIGN §6).
 */
export function AccountScreen() {
  usePageTitle('Account');
  const auth = useAuth();
  const organization = useAccountOrganization();

  if (auth.isLoading) {
    return (
      <div className="page page-loading">
        <Spinner label="Loading..." showLabel />
      </div>
    );
  }
  if (!auth.isAuthenticated || !auth.isCustomerOrAdmin) return <Navigate to="/" replace />;

  return (
    <div className="page account">
      <h1>Account</h1>
      {organization.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : organization.isError ? (
        <ErrorMessage message={organization.error.message} />
      ) : !organization.data ? (
        // customer-app §2: the organization could not be loaded.
        <Card>
          <p className="account__not-loaded">
            If your organization does not load within a few seconds, you may not be part of an organization
            yet. Please <Link to="/contact">contact us</Link> and we will set it up for you.
          </p>
        </Card>
      ) : (
        <div className="account__grid">
          <Card className="account__card">
            <OrganizationDetails organization={organization.data} />
          </Card>
          <Card className="account__card">
            <RecordInviteForm organization={organization.data} />
          </Card>
          <Card className="account__card account__card--wide">
            <OrganizationRecordsTable organizationId={organization.data.id} />
            <ReminderSuggestion organizationId={organization.data.id} />
          </Card>
          <OwnRecordReminders />
        </div>
      )}
    </div>
  );
}
