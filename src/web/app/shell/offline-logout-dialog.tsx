import { useEffect, useId, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';

export const OFFLINE_LOGOUT_TITLE = 'You are offline';
export const OFFLINE_LOGOUT_TEXT =
  'Some of your answers have not reached the server yet. Logging out now deletes them from this device, and the sign-in cannot be ended while offline.';

/**
 * Issue 13 §6: the question asked before an offline logout would delete kept answers. The
 * platform's modal <dialog> (focus kept inside, Escape closes): it is asked offline, when no
 * script that is not already loaded can arrive, so it is part of the page from the start.
 */
export function OfflineLogoutDialog({
  onClose,
  onWait,
  onLogoutNow,
}: {
  onClose: () => void;
  onWait: () => void;
  onLogoutNow: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog ref={ref} className="modal modal__dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{OFFLINE_LOGOUT_TITLE}</h2>
      <p>{OFFLINE_LOGOUT_TEXT}</p>
      <div className="modal__actions">
        <Button autoFocus onClick={onWait}>
          Log out when back online
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
