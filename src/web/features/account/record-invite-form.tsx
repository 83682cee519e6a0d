import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { firstProblem, INVITE_SUCCESS_MESSAGE, inviteSchema } from '#domain/invitation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useInvite } from './api/invitations.ts';
import type { AccountOrganization } from './organization-details.tsx';

// customer-app §2 Account.
export const NO_CREDITS_MESSAGE =
  'You have no available records. Please visit our Products page to make a purchase.';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * customer-app §2 "Record Invite" form, §4 Invite and §5 rules: name, e-mail (an e-mail input) and
 * inventory type, only types with available records; the single type preselected; success clears
 * the form and reloads the organization and its records.
 */
export function RecordInviteForm({ organization }: { organization: AccountOrganization }) {
  const types = organization.availableCredits.filter((credit) => credit.count > 0);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [chosenType, setChosenType] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const invite = useInvite();
  // customer-app §4: with exactly one type available it is preselected (also after an invite).
  const onlyType = types.length === 1 ? (types[0]?.inventoryType.id ?? '') : '';
  const inventoryType =
    chosenType !== null && types.some((t) => t.inventoryType.id === chosenType) ? chosenType : onlyType;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const parsed = inviteSchema.safeParse({ name, email, inventoryType, organization: organization.id });
    if (!parsed.success) {
      setOutcome({ tone: 'error', message: firstProblem(parsed.error) ?? '' });
      return;
    }
    setOutcome(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setEmail('');
        setChosenType(null);
        setOutcome({ tone: 'success', message: INVITE_SUCCESS_MESSAGE });
      },
      onError: (error) => setOutcome({ tone: 'error', message: error.message }),
    });
  }

  return (
    <section className="record-invite" aria-labelledby="record-invite-title">
      <h2 id="record-invite-title">Record Invite</h2>
      {types.length === 0 ? (
        <p className="record-invite__empty">
          You have no available records. Please visit our <Link to="/products">Products</Link> page to make a
          purchase.
        </p>
      ) : (
        <form className="record-invite__form" noValidate onSubmit={submit}>
          <p className="record-invite__hint">
            The person receives an e-mail asking them to register with this address; the record becomes theirs
            once they have confirmed it.
          </p>
          <div className="form-field">
            <label htmlFor="invite-name">Name</label>
            <input
              id="invite-name"
              name="name"
              type="text"
              autoComplete="off"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor="invite-email">Email</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor="invite-type">Inventory type</label>
            <select
              id="invite-type"
              name="inventoryType"
              required
              value={inventoryType}
              onChange={(event) => setChosenType(event.target.value)}
            >
              <option value="">Select an inventory type</option>
              {types.map((credit) => (
                <option key={credit.inventoryType.id} value={credit.inventoryType.id}>
                  {credit.inventoryType.name} ({credit.count} available)
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" aria-disabled={invite.isPending ? true : undefined}>
            {invite.isPending ? 'Sending...' : 'Send Invite'}
          </Button>
        </form>
      )}
      {/* One live region for the result, present before any result so it is announced. */}
      <div className="record-invite__outcome" aria-live="polite">
        {outcome ? (
          <p className={outcome.tone === 'success' ? 'success-message' : 'error-message'}>
            {outcome.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
