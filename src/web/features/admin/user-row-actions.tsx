import { useRef, useState } from 'react';
import { ERASED_PERSON_NAME } from '#domain/erasure.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminUsersQuery } from '#web/gql/graphql.ts';
import { signedOutEverywhereMessage, signOutEverywhereFailedMessage } from './admin-messages.ts';
import { useSignOutUserEverywhere } from './api/users.ts';
import { EraseUserDialog } from './erase-user-dialog.tsx';

// The Users tab's actions on one person that end something: their sign-ins, or them (admin-app §2).

type User = AdminUsersQuery['usersPage']['users'][number];

export const whoIs = (user: Pick<User, 'erasedAt' | 'name' | 'email'>) =>
  user.erasedAt ? ERASED_PERSON_NAME : user.name || user.email || 'user';

/** Issue 29 §4: the user's sign-ins end on every device at once (a lost phone, a shared computer). */
export function SignOutEverywhereButton({ user }: { user: User }) {
  const signOut = useSignOutUserEverywhere();
  const { showToast } = useToast();
  const who = whoIs(user);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Sign out of all devices: ${who}`}
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(user.id, {
          onSuccess: () => showToast(signedOutEverywhereMessage(who), 'success'),
          onError: (error) => showToast(signOutEverywhereFailedMessage(error.message), 'error'),
        })
      }
    >
      Sign out of all devices
    </Button>
  );
}

/** Issue 30 §6: opens the typed confirmation; the server refuses it for the admin themselves. */
export function EraseUserButton({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const who = whoIs(user);
  return (
    <>
      <Button
        ref={opener}
        size="sm"
        variant="quiet"
        aria-label={`Erase ${who} and their story`}
        onClick={() => setOpen(true)}
      >
        Erase
      </Button>
      {open ? (
        <EraseUserDialog
          userId={user.id}
          who={who}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
