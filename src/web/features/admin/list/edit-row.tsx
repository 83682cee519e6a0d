import type { FormEventHandler, ReactNode } from 'react';
import { Cell, Row } from 'react-aria-components';
import { Button } from '#web/components/ui/button.tsx';

/**
 * A row of a console list edited in place (admin-app §2/§5): its fields, then Save and Cancel. The
 * fields sit in the row's cells and belong to the form in the last cell (`form=`), so the row stays
 * a table row. A refusal shows in red under the row, across the table, announced at once.
 */
export function EditRow({
  id,
  formId,
  fields,
  onSubmit,
  saving,
  onCancel,
  message,
}: {
  id: string;
  formId: string;
  fields: readonly ReactNode[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  onCancel: () => void;
  message: string | undefined;
}) {
  return (
    <>
      <Row id={id} className="admin-edit-row">
        {fields.map((field, index) => (
          // The cells are the columns in order and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
          <Cell key={index}>{field}</Cell>
        ))}
        <Cell>
          <form id={formId} className="data-table__actions" onSubmit={onSubmit} noValidate>
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button size="sm" variant="quiet" onClick={onCancel}>
              Cancel
            </Button>
          </form>
        </Cell>
      </Row>
      {message ? (
        <Row id={`${id}-message`} className="admin-row-message">
          <Cell colSpan={fields.length + 1}>
            <p className="error-message" role="alert">
              {message}
            </p>
          </Cell>
        </Row>
      ) : null}
    </>
  );
}
