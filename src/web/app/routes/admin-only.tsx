import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ADMINS_ONLY_MESSAGE, type AdminScreen, decideAdminScreen } from '#domain/permissions.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

/**
 * The route guard of admin-app §6: anyone but an admin is told "Access denied. Admins only." and
 * taken to the root, before the screen's code is even loaded. It follows the session, so logging out
 * on an admin screen leaves it at once. The server refuses the data regardless.
 */
export function AdminOnly({ screen, children }: { screen: AdminScreen; children: ReactNode }) {
  const { isLoading, isAuthenticated, roles } = useAuth();
  const allowed = isAuthenticated && decideAdminScreen(roles, screen).allowed;
  const navigate = useNavigate();
  const { showToast } = useToast();

  useEffect(() => {
    if (isLoading || allowed) return;
    showToast(ADMINS_ONLY_MESSAGE, 'error');
    navigate('/', { replace: true });
  }, [isLoading, allowed, navigate, showToast]);

  if (isLoading) return <Spinner label="Loading..." showLabel />;
  return allowed ? children : null;
}
