import { useEffect, useId, useRef } from 'react';
import { countdownText } from '#domain/session-timing.ts';
import { Button } from '#web/components/ui/button.tsx';

/**
 * The warning: an alert dialog (the platform's modal <dialog>, focus kept inside) that opens on
 * "Stay signed in"; Escape also keeps the sign-in, as closing a question without an answer.
 */
export function IdleWarning({
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
