import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { INVITE_SUCCESS_MESSAGE, inviteSchema } from '#domain/invitation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { firstFormError } from '#web/lib/first-form-error.ts';
import { useInvite } from './api/invitations.ts';
import type { AccountOrganization } from './organization-details.tsx';

const FIELD_ORDER = ['name', 'email', 'inventoryType', 'organization'];

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * customer-app §2 "Record Invite" form, §4 Invite and §5 rules: name, e-mail (an e-mail input) and
 * inventory type, only types with available records; the single type preselected; success clears
 * the form and reloads the organization and its records. The form shows one problem at a time.
 */
export function RecordInviteForm({ organization }: { organization: AccountOrganization }) {
  const types = organization.availableCredits.filter((credit) => credit.count > 0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const invite = useInvite();
  const form = useForm({
    resolver: zodResolver(inviteSchema),
    defaultValues: { name: '', email: '', inventoryType: '', organization: '' },
    // The problem is announced in the result line below; focus stays on the button (customer-app §5).
    shouldFocusError: false,
  });
  // customer-app §4: with exactly one type available it is preselected (also after an invite), and a
  // chosen type whose records ran out no longer counts.
  const chosen = String(form.watch('inventoryType') ?? '');
  const onlyType = types.length === 1 ? (types[0]?.inventoryType.id ?? '') : '';
  const inventoryType = types.some((t) => t.inventoryType.id === chosen) ? chosen : onlyType;

  const send = form.handleSubmit(
    (input) => {
      setOutcome(null);
      invite.mutate(input, {
        onSuccess: () => {
          form.reset();
          setOutcome({ tone: 'success', message: INVITE_SUCCESS_MESSAGE });
        },
        onError: (error) => setOutcome({ tone: 'error', message: error.message }),
      });
    },
    (errors) => setOutcome({ tone: 'error', message: firstFormError(errors, FIELD_ORDER) ?? '' }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    if (invite.isPending) {
      event.preventDefault();
      return;
    }
    // What the screen knows rather than the person: the organization and the preselected type.
    form.setValue('organization', organization.id);
    form.setValue('inventoryType', inventoryType);
    void send(event);
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
            <input id="invite-name" type="text" autoComplete="off" required {...form.register('name')} />
          </div>
          <div className="form-field">
            <label htmlFor="invite-email">Email</label>
            <input
              id="invite-email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              {...form.register('email')}
            />
          </div>
          <div className="form-field">
            <label htmlFor="invite-type">Inventory type</label>
            {/* Controlled here rather than registered: what it shows is the choice or the preselection. */}
            <select
              id="invite-type"
              name="inventoryType"
              required
              value={inventoryType}
              onChange={(event) => form.setValue('inventoryType', event.target.value)}
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
