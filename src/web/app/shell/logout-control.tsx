import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { anyScreenHasUnsent, canSendBeforeLogout, hasKeptAnswers } from '#web/lib/pending-answers-store.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { OfflineLogoutDialog } from './offline-logout-dialog.tsx';

export const WAITING_TO_LOG_OUT =
  'You will be logged out as soon as you are back online and your answers are sent.';
export const OPEN_RECORD_TO_SEND =
  'Your answers are still only on this device. Open your record so they can be sent, then log out.';

/**
 * Logout (customer-app §4), made safe offline (issue 13 §6): logging out deletes the answers this
 * browser still keeps, and the provider cannot be reached to end the sign-in. So, offline with
 * answers kept, the person chooses: log out once back online (answers sent first, then a real
 * logout at the provider), log out now anyway, or stay signed in.
 */
export function LogoutControl() {
  const auth = useAuth();
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!waiting || !online) return;
    let cancelled = false;
    void (async () => {
      // Only an open record screen can send what is kept; without one, logging out would lose it.
      if ((anyScreenHasUnsent() || (await hasKeptAnswers())) && !canSendBeforeLogout()) {
        if (!cancelled) {
          setWaiting(false);
          setBlocked(true);
        }
        return;
      }
      if (!cancelled) await auth.logout();
    })();
    return () => {
      cancelled = true;
    };
  }, [waiting, online, auth]);

  const logout = async () => {
    setBlocked(false);
    if (!navigator.onLine && (anyScreenHasUnsent() || (await hasKeptAnswers()))) setAsking(true);
    else await auth.logout();
  };

  return (
    <>
      <Button variant="secondary" size="sm" className="on-dark" onClick={() => void logout()}>
        Logout
      </Button>
      {waiting || blocked ? (
        <p className="logout-status" role="status">
          {waiting ? WAITING_TO_LOG_OUT : OPEN_RECORD_TO_SEND}
        </p>
      ) : null}
      {asking ? (
        <OfflineLogoutDialog
          onClose={() => setAsking(false)}
          onWait={() => {
            setAsking(false);
            setWaiting(true);
          }}
          onLogoutNow={() => void auth.logout()}
        />
      ) : null}
    </>
  );
}
