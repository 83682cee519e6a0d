import './erasure.css';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { OWN_ERASURE_WORD, ownErasureInputSchema } from '#domain/erasure.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError, useApiRequest } from '#web/lib/api-request.ts';
import { useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';

/**
 * Issue 30 §6 "Delete my account and my story", under Your Records: a quiet section of its own, so
 * it is found when wanted and never pressed by mistake; the dialog does the asking.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <section className="erase-account" aria-labelledby="erase-account-title">
      <h2 id="erase-account-title" className="erase-account__title">
        Your account
      </h2>
      <p>You can delete your account and everything you have written here, for good.</p>
      <Button ref={opener} variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Delete my account and my story
      </Button>
      {open ? (
        <DeleteAccountDialog
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const passwordId = useId();
  const wordId = useId();
  const { externalSignIn, productName } = useClientConfig();
  const session = useAuthSession();
  const request = useApiRequest();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: (input: { password?: string; confirmation: string }) =>
      request<{ erased: true }>('/api/account/erase', { method: 'POST', body: input }),
    // The same module the record screen loads lazily (keeping it out of the record route's script).
    onSuccess: async () => (await import('#web/lib/auth/erased-account.ts')).endAfterErasure(),
  });
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);

  const serverMessage = erase.error instanceof ApiRequestError ? erase.error.message : erase.error?.message;
  // With an outside provider, the server asks for a sign-in there made a few minutes ago.
  const needsFreshSignIn =
    Boolean(externalSignIn) && erase.error instanceof ApiRequestError && erase.error.status === 403;
  const shown = problem ?? serverMessage ?? null;

  return (
    <dialog
      ref={ref}
      className="modal modal__dialog erase-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        if (!erase.isPending) onClose();
      }}
    >
      <h2 id={titleId}>Delete my account and my story</h2>
      <p>This erases, for good:</p>
      <ul className="erase-dialog__list">
        <li>every answer you have written, in all your records;</li>
        <li>the reports and stories made from them;</li>
        <li>your name, your e-mail address and your sign-in to {productName}.</li>
      </ul>
      <p>
        <strong>It cannot be undone.</strong> If you want a copy, use “Download my data” first. If an
        organization gave you your record, the credit it used stays used.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = { ...(externalSignIn ? {} : { password }), confirmation: word };
          const checked = ownErasureInputSchema.safeParse(input);
          if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null);
          if (!externalSignIn && !password) return setProblem('Please enter your password.');
          setProblem(null);
          erase.mutate(input);
        }}
      >
        {externalSignIn ? (
          <p>For your safety you may be asked to sign in again first.</p>
        ) : (
          <div className="form-field">
            <label htmlFor={passwordId}>Your password</label>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        )}
        <div className="form-field">
          <label htmlFor={wordId}>
            Type <span className="erase-dialog__word">{OWN_ERASURE_WORD}</span> to confirm
          </label>
          <input
            id={wordId}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus={Boolean(externalSignIn)}
            value={word}
            onChange={(event) => setWord(event.target.value)}
          />
        </div>
        {shown ? <ErrorMessage message={shown} /> : null}
        <div className="modal__actions">
          {needsFreshSignIn ? (
            <Button type="button" onClick={() => void session.login({ prompt: 'login' })}>
              Sign in again
            </Button>
          ) : null}
          <Button type="submit" className="button--danger" disabled={erase.isPending || erase.isSuccess}>
            {erase.isPending || erase.isSuccess ? 'Erasing...' : 'Delete my account and my story'}
          </Button>
          <Button type="button" variant="quiet" disabled={erase.isPending} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </dialog>
  );
}
