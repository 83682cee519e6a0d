import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_ERASURE_WORD, adminErasureInputSchema } from '#domain/erasure.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { erasedMessage } from './admin-messages.ts';
import { useEraseUser } from './api/users.ts';

/**
 * Issue 30 §6, admin-app Users tab: "Erase this person and their story". The platform's modal
 * <dialog> (focus kept inside, Escape closes), with the word to type said exactly; the server
 * decides again whether it may be done.
 */
export function EraseUserDialog({
  userId,
  who,
  onClose,
}: {
  userId: string;
  who: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const wordId = useId();
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useEraseUser();
  const { showToast } = useToast();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const shown = problem ?? erase.error?.message ?? null;
  return (
    <dialog
      ref={ref}
      className="modal modal__dialog"
      aria-labelledby={titleId}
      onClose={() => {
        if (!erase.isPending) onClose();
      }}
    >
      <h2 id={titleId}>Erase {who} and their story</h2>
      <p>
        Their answers in every record, the reports made from them, their name, e-mail address and sign-in are
        erased for good. Their records stay as erased records, so the credits they used stay used. The audit
        trail keeps its entries and names them as an erased person. We send them a short confirmation.
      </p>
      <p>
        <strong>This cannot be undone.</strong>
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = adminErasureInputSchema.safeParse({ confirmation: word });
          if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null);
          setProblem(null);
          erase.mutate(
            { userId, confirmation: word },
            {
              onSuccess: () => {
                showToast(erasedMessage(who), 'success');
                onClose();
              },
            },
          );
        }}
      >
        <div className="form-field">
          <label htmlFor={wordId}>Type {ADMIN_ERASURE_WORD} to confirm</label>
          <input
            id={wordId}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={word}
            onChange={(event) => setWord(event.target.value)}
          />
        </div>
        {shown ? <ErrorMessage message={shown} /> : null}
        <div className="modal__actions">
          <Button type="submit" className="button--danger" disabled={erase.isPending}>
            {erase.isPending ? 'Erasing...' : 'Erase this person and their story'}
          </Button>
          <Button type="button" variant="quiet" disabled={erase.isPending} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </dialog>
  );
}
