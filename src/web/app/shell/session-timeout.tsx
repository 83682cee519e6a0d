import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { sessionPhase } from '#domain/session-timing.ts';
import { useAuth, useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';

/** The person's own input; pointer moves alone do not count (a mouse nudged by accident). */
const ACTIVITY_EVENTS = ['keydown', 'input', 'pointerdown', 'wheel', 'touchstart'] as const;
// The warning's script is fetched half a minute before it may be needed, not with every screen
// (the record route's budget, 130 KiB); should it not arrive, the time-out still happens.
const PRELOAD_BEFORE_WARNING_MS = 30_000;
const loadWarning = () => import('./idle-warning.tsx');
const IdleWarning = lazy(() => loadWarning().then((module) => ({ default: module.IdleWarning })));
// setTimeout holds at most 2^31-1 ms; a later end is checked again when that fires.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Issue 29 §4 (OWASP ASVS V7.3): a signed-in person is signed out after SESSION_IDLE_MINUTES
 * without input, warned two minutes before (an alert dialog: Stay signed in / Log out), and at the
 * session's lifetime from their sign-in (the server refuses its tokens then too). The sign-out
 * keeps unsent answers encrypted on this device; they are sent after the next sign-in.
 */
export function SessionTimeout() {
  const auth = useAuth();
  const { session } = useClientConfig();
  if (!auth.isAuthenticated || !auth.user) return null;
  const authTime = auth.user.profile.auth_time;
  return (
    <SignedInClock
      key={auth.user.profile.sub}
      signedInAt={typeof authTime === 'number' ? authTime * 1000 : null}
      idleMs={session.idleMinutes * 60_000}
      maxMs={session.maxHours * 3_600_000}
    />
  );
}

function SignedInClock({
  signedInAt,
  idleMs,
  maxMs,
}: {
  signedInAt: number | null;
  idleMs: number;
  maxMs: number;
}) {
  const session = useAuthSession();
  const lastActivity = useRef(Date.now());
  const [warningEndsAt, setWarningEndsAt] = useState<number | null>(null);
  const warning = useRef(false);
  const ended = useRef(false);
  // Re-renders the countdown every second while the warning is shown.
  const [, setTick] = useState(0);
  const stay = useRef(() => {});

  const end = useCallback(
    (reason: 'idle' | 'lifetime' | 'logout') => {
      if (ended.current) return;
      ended.current = true;
      setWarningEndsAt(null);
      void session.endKeepingAnswers(reason);
    },
    [session],
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let preload: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      if (ended.current) return;
      const now = Date.now();
      const phase = sessionPhase({ lastActivity: lastActivity.current, signedInAt, idleMs, maxMs, now });
      if (phase.phase === 'ended') return end(phase.reason);
      warning.current = phase.phase === 'warning';
      if (phase.phase === 'warning') {
        setWarningEndsAt((shown) => shown ?? now + phase.endsInMs);
        setTick((n) => n + 1);
        timer = setTimeout(check, Math.min(1000, phase.endsInMs));
      } else {
        setWarningEndsAt(null);
        timer = setTimeout(check, Math.min(phase.nextCheckInMs, MAX_TIMER_MS));
        clearTimeout(preload);
        preload = setTimeout(
          () => void loadWarning().catch(() => {}),
          Math.min(Math.max(0, phase.nextCheckInMs - PRELOAD_BEFORE_WARNING_MS), MAX_TIMER_MS),
        );
      }
    };
    // While the warning is shown, only "Stay signed in" keeps the sign-in (the dialog is modal).
    const onActivity = () => {
      if (!warning.current) lastActivity.current = Date.now();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    for (const type of ACTIVITY_EVENTS)
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    check();
    stay.current = () => {
      warning.current = false;
      lastActivity.current = Date.now();
      check();
    };
    return () => {
      clearTimeout(timer);
      clearTimeout(preload);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedInAt, idleMs, maxMs, end]);

  if (warningEndsAt === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning
        endsInMs={warningEndsAt - Date.now()}
        onStay={() => stay.current()}
        onLogout={() => {
          ended.current = true;
          setWarningEndsAt(null);
          // Log out as the person chose; answers still unsent stay kept rather than being deleted.
          void session.logout().then((done) => {
            if (!done) void session.endKeepingAnswers('logout');
          });
        }}
      />
    </Suspense>
  );
}
