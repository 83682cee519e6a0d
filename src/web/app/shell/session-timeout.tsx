import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { countdownText, sessionPhase } from '#domain/session-timing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth, useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';

/** The person's own input; pointer moves alone do not count (a mouse nudged by accident). */
const ACTIVITY_EVENTS = ['keydown', 'input', 'pointerdown', 'wheel', 'touchstart'] as const;
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
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedInAt, idleMs, maxMs, end]);

  if (warningEndsAt === null) return null;
  return (
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
  );
}

/**
 * The warning: an alert dialog (the platform's modal <dialog>, focus kept inside) that opens on
 * "Stay signed in"; Escape also keeps the sign-in, as closing a question without an answer.
 */
function IdleWarning({
  endsInMs,
  onStay,
  onLogout,
}: {
  endsInMs: number;
  onStay: () => void;
  onLogout: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const choice = useRef<'stay' | 'logout'>('stay');
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="modal modal__dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => (choice.current === 'logout' ? onLogout() : onStay())}
    >
      <h2 id={titleId}>Are you still there?</h2>
      <p id={textId}>
        For your privacy you will be signed out in{' '}
        <strong className="session-countdown">{countdownText(endsInMs)}</strong> because nothing has been
        typed for a while. Anything not yet sent stays on this device and is sent after you sign in again.
      </p>
      <div className="modal__actions">
        <Button autoFocus onClick={() => ref.current?.close()}>
          Stay signed in
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            choice.current = 'logout';
            ref.current?.close();
          }}
        >
          Log out
        </Button>
      </div>
    </dialog>
  );
}
