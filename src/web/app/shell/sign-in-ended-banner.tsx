import { SIGN_IN_END_MESSAGES, type SignInEndCause } from '#domain/sign-in-end.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { requestLogout } from '#web/lib/logout-request.ts';

export const SIGN_IN_ENDED_KEPT =
  'Anything you typed is kept on this device and is sent after you sign in again.';

/** The notice's headline: the server's message without its "Sign in again." (the button says it). */
function headlineOf(cause: SignInEndCause): string {
  return SIGN_IN_END_MESSAGES[cause].replace(/ Sign in again\.$/, '');
}

/**
 * Issue 38 §5: the sign-in was ended elsewhere (Sign out of all devices, an administrator, the
 * time limit…) and the server has just said so (its live connection closed, or a call was refused).
 * Said at once on every screen, naming the cause; the screen stays, with what was typed. Loaded only
 * then (app-shell.tsx), so no screen's start-up script carries it.
 */
export function SignInEndedBanner({ cause }: { cause: SignInEndCause }) {
  const { login } = useAuth();
  return (
    <div className="session-ended session-ended--in-header" role="alert">
      <p>
        <strong>{headlineOf(cause)}</strong> {SIGN_IN_ENDED_KEPT}
      </p>
      <div className="session-ended__actions">
        <Button size="sm" onClick={() => void login()}>
          Sign in again
        </Button>
        <Button size="sm" variant="secondary" onClick={requestLogout}>
          Log out
        </Button>
      </div>
    </div>
  );
}
