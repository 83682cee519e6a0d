import { Alert } from '#web/components/ui/alert.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

/**
 * An invitation reaches its person only through a verified e-mail address (DESIGN §4), so until the
 * address is verified their invited records cannot appear: say so calmly, and what to do.
 */
export function EmailVerificationNotice() {
  const { isAuthenticated, emailVerified, email } = useAuth();
  if (!isAuthenticated || emailVerified) return null;
  return (
    <Alert tone="info" title={'Please confirm your e\u2011mail address'}>
      <p>
        We sent a verification link to {email ? <strong>{email}</strong> : 'your e\u2011mail address'}. Open
        it to confirm your address; the records you were invited to will then appear here.
      </p>
    </Alert>
  );
}
