import { useEffect, useId, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';

/** Why answers are not on the server yet, which decides what the person is offered. */
export type UnsentReason = 'offline' | 'signed-out' | 'unsent';

const QUESTIONS: Record<UnsentReason, { title: string; text: string; wait: string }> = {
  offline: {
    title: 'You are offline',
    text: 'Some of your answers have not reached the server yet. Logging out now deletes them from this device, and the sign-in cannot be ended while offline.',
    wait: 'Log out when back online',
  },
  unsent: {
    title: 'Some answers are not on the server yet',
    text: 'They are kept on this device and are being sent. Logging out now deletes them from this device.',
    wait: 'Log out once they are sent',
  },
  'signed-out': {
    title: 'Some answers are not on the server yet',
    text: 'Your sign-in has ended, so they cannot be sent: sign in again and they are sent. Logging out now deletes them from this device.',
    wait: 'Sign in again',
  },
};

/**
 * Issue 13 §6, issue 26 §1–§2: the question asked before a logout would delete answers the server
 * does not have, whatever the reason (offline, the server out of reach, the sign-in ended, a save
 * on its way). The platform's modal <dialog> (focus kept inside, Escape closes): it may be asked
 * offline, when no script that is not already loaded can arrive, so it is part of the page.
 */
export function UnsentLogoutDialog({
  reason,
  onClose,
  onWait,
  onLogoutNow,
}: {
  reason: UnsentReason;
  onClose: () => void;
  /** Waits for the answers to go (or, signed out, signs in again so they can). */
  onWait: () => void;
  onLogoutNow: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const question = QUESTIONS[reason];
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog ref={ref} className="modal modal__dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{question.title}</h2>
      <p>{question.text}</p>
      <div className="modal__actions">
        <Button autoFocus onClick={onWait}>
          {question.wait}
        </Button>
        <Button variant="secondary" onClick={onLogoutNow}>
          Log out now and delete them
        </Button>
        <Button variant="quiet" onClick={onClose}>
          Stay signed in
        </Button>
      </div>
    </dialog>
  );
}
