import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '#web/components/ui/button.tsx';

export const OFFLINE_LOGOUT_TITLE = 'You are offline';
export const OFFLINE_LOGOUT_TEXT =
  'Some of your answers have not reached the server yet. Logging out now deletes them from this device, and the sign-in cannot be ended while offline.';

/** Issue 13 §6: the question asked before an offline logout would delete kept answers. */
export function OfflineLogoutDialog({
  onClose,
  onWait,
  onLogoutNow,
}: {
  onClose: () => void;
  onWait: () => void;
  onLogoutNow: () => void;
}) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable
      className="modal-overlay"
    >
      <Modal className="modal">
        <Dialog className="modal__dialog">
          <Heading slot="title">{OFFLINE_LOGOUT_TITLE}</Heading>
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
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
