import './inventory.css';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { NO_PERMISSION_MESSAGE } from '#domain/permissions.ts';
import { LeaveQuicklyButton } from '#web/components/ui/leave-quickly-button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { InventoryWizard } from './inventory-wizard.tsx';

/**
 * customer-app §2 Inventory: customers and admins only (§6); anyone else is told so in an alert
 * and sent to the home route. The server refuses their narrative requests too (DESIGN §6).
 */
export function InventoryScreen() {
  usePageTitle('Inventory');
  const { isLoading, isCustomerOrAdmin: allowed } = useAuth();
  const navigate = useNavigate();
  const refused = useRef(false);

  useEffect(() => {
    if (isLoading || allowed || refused.current) return;
    refused.current = true;
    window.alert(NO_PERMISSION_MESSAGE);
    navigate('/', { replace: true });
  }, [isLoading, allowed, navigate]);

  if (isLoading || !allowed) {
    return (
      <div className="page page-loading">
        <Spinner label="Checking your sign-in..." showLabel />
      </div>
    );
  }
  return (
    <div className="page page--narrow inventory">
      {/* Issue 28 §5: the wizard asks about hard things too; leaving quickly is always at hand. */}
      <div className="page-top">
        <h1>Inventory</h1>
        <LeaveQuicklyButton />
      </div>
      <InventoryWizard />
    </div>
  );
}
