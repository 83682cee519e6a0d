import type { SelectHTMLAttributes } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { NOT_AVAILABLE } from '../admin-messages.ts';

/** A stored address that opens in a new tab (admin-app §2), or "N/A" when there is none. */
export function ExternalLinkOrNotAvailable({ href, text }: { href: string | null; text: string | null }) {
  if (!href || !text) return <>{NOT_AVAILABLE}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/** The Edit action of a row edited in place (admin-app §2), named after what it edits. */
export function EditRowButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <Button size="sm" variant="secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
      Edit
    </Button>
  );
}

/** A choice among named things (an organization, an inventory type), "Select …" when none is chosen. */
export function ChoiceSelect({
  none,
  choices,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  none: string;
  choices: readonly { id: string; name: string }[];
}) {
  return (
    <select {...select}>
      <option value="">{none}</option>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </select>
  );
}
