import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  anyScreenHasUnsent,
  anyScreenNeedsSignIn,
  canSendBeforeLogout,
  hasKeptAnswers,
  holdsUnsentAnswers,
} from '#web/lib/answer-holders.ts';
import { useAuth, useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import { onLogoutRequest } from '#web/lib/logout-request.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { UnsentLogoutDialog, type UnsentReason } from './unsent-logout-dialog.tsx';

export const WAITING_TO_LOG_OUT =
  'You will be logged out as soon as you are back online and your answers are sent.';
export const WAITING_FOR_ANSWERS = 'You will be logged out as soon as your answers are sent.';
export const OPEN_RECORD_TO_SEND =
  'Your answers are still only on this device. Open your record so they can be sent, then log out.';
/** While waiting, how often it checks whether everything has been sent. */
const CHECK_EVERY_MS = 1000;

function reasonNow(): UnsentReason {
  if (!navigator.onLine) return 'offline';
  return anyScreenNeedsSignIn() ? 'signed-out' : 'unsent';
}

/**
 * Logout (customer-app §4), made safe for answers not on the server yet (issue 13 §6, issue 26
 * §1–§2): logging out deletes what this browser keeps. So whenever an answer is unacknowledged —
 * offline, the server out of reach, the sign-in ended, a save on its way — the person chooses: log
 * out once the answers are sent (or sign in again to send them), log out now deleting them, or stay.
 */
export function useLogoutFlow(): { logout: () => void; notices: ReactNode } {
  const auth = useAuth();
  const session = useAuthSession();
  const online = useOnline();
  const [asking, setAsking] = useState<UnsentReason | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    // Issue 44 §1: the header stays mounted while logging out; once signed out, nothing to wait for.
    if (!waiting || !auth.isAuthenticated) return;
    let cancelled = false;
    let checking = false;
    const check = async () => {
      if (checking || cancelled || !navigator.onLine) return;
      checking = true;
      try {
        if (anyScreenHasUnsent() || (await hasKeptAnswers())) {
          // Only an open record screen can send what is kept; without one, logging out would lose it.
          if (!canSendBeforeLogout() && !cancelled) {
            setWaiting(false);
            setBlocked(true);
          }
          return;
        }
        if (cancelled) return;
        // Once: this hook lives in the header, which stays while logging out (issue 44 §1); a
        // second call would end the session again without the token hint, and the provider asks.
        cancelled = true;
        clearInterval(timer);
        setWaiting(false);
        await auth.logout();
      } finally {
        checking = false;
      }
    };
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    void check();
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [waiting, auth]);

  const logout = async () => {
    setBlocked(false);
    // Issue 38 §5: the sign-in was ended elsewhere, so nothing can be sent now: logging out keeps
    // the unsent answers encrypted on this device (sent after the next sign-in), as a time-out does.
    if (auth.signInEnded) {
      await session.endKeepingAnswers('logout');
      return;
    }
    if ((await holdsUnsentAnswers()) || !(await auth.logout())) setAsking(reasonNow());
  };
  // Issue 28 §4: the pause view's "Log out" is this same flow.
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  useEffect(() => onLogoutRequest(() => void logoutRef.current()), []);

  // Issue 44 §1: Logout is an item of the account menu, which closes; what it asks or says next
  // lives here, in the header, which stays.
  const notices = (
    <>
      {waiting || blocked ? (
        <p className="logout-status" role="status">
          {blocked ? OPEN_RECORD_TO_SEND : online ? WAITING_FOR_ANSWERS : WAITING_TO_LOG_OUT}
        </p>
      ) : null}
      {asking ? (
        <UnsentLogoutDialog
          reason={asking}
          onClose={() => setAsking(null)}
          onWait={() => {
            setAsking(null);
            if (asking === 'signed-out') void auth.login();
            else setWaiting(true);
          }}
          onLogoutNow={() => void auth.logout({ discardUnsent: true })}
        />
      ) : null}
    </>
  );
  return { logout: () => void logout(), notices };
}
