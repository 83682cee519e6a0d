import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { SESSION_END_KEY, type SessionEndReason } from '#web/lib/auth/auth-logout.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { parseSessionEnd } from '#web/lib/auth/session-end.ts';
import { useClientConfig } from '#web/lib/client-config-context.tsx';

const KEPT = 'Anything you had not sent yet is kept on this device and is sent after you sign in again.';

function messageOf(reason: SessionEndReason, idleMinutes: number, maxHours: number): string {
  switch (reason) {
    case 'idle':
      return `You were signed out after ${durationText(idleMinutes * 60)} without activity. ${KEPT}`;
    case 'lifetime':
      return `You were signed out because a sign-in lasts at most ${durationText(maxHours * 3600)}. ${KEPT}`;
    case 'everywhere':
      return `You are signed out of all devices. ${KEPT}`;
    case 'logout':
      return `You are logged out. ${KEPT}`;
  }
}

function durationText(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds >= 60 && seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(Math.round(seconds), 'second');
}
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Issue 29 §4: after a time-out or Sign out of all devices, the page the provider returns to says
 * why, that nothing typed was lost, and offers signing in again (back to the screen they were on).
 */
export function SessionEndedNotice({ stored }: { stored: string | null }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { session: limits } = useClientConfig();
  const [ended, setEnded] = useState(() => parseSessionEnd(stored));
  // Told once: a later page of this tab does not say it again.
  useEffect(() => sessionStorage.removeItem(SESSION_END_KEY), []);
  if (!ended || auth.isAuthenticated) return null;
  return (
    <div className="session-ended" role="status">
      <p>{messageOf(ended.reason, limits.idleMinutes, limits.maxHours)}</p>
      <div className="session-ended__actions">
        <Button
          size="sm"
          onClick={() => {
            if (ended.returnTo) navigate(ended.returnTo);
            void auth.login();
          }}
        >
          Sign in again
        </Button>
        <Button size="sm" variant="quiet" onClick={() => setEnded(null)}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
