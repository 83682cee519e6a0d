import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useToast } from '#web/components/ui/toast.tsx';
import { firstFormError } from '#web/lib/first-form-error.ts';
import { inlineFailureMessage } from '../admin-messages.ts';
import { EditRow } from './edit-row.tsx';

/** An insert (id null) or update by id (admin-app §7 Organizations, Products). */
export type RowSave<TInput> = UseMutationResult<void, Error, { id: string | null; input: TInput }>;

/**
 * The inline row of a thing that is added or edited whole (admin-app §2/§5): the form's first
 * refusal in field order, or the server's, under the row; on success the spec's toast, and the row
 * closes.
 */
export function SavedRowForm<TFields extends FieldValues, TInput>({
  id,
  form,
  fieldOrder,
  save,
  savedMessage,
  onDone,
  fields,
}: {
  id: string | null;
  form: UseFormReturn<TFields, unknown, TInput>;
  fieldOrder: readonly string[];
  save: RowSave<TInput>;
  savedMessage: string;
  onDone: () => void;
  /** The row's cells, given the id of the form their fields belong to. */
  fields: (formId: string) => readonly ReactNode[];
}) {
  const formId = useId();
  const { showToast } = useToast();
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id, input },
      {
        onSuccess: () => {
          showToast(savedMessage, 'success');
          onDone();
        },
      },
    ),
  );
  const problem = firstFormError(form.formState.errors, fieldOrder);
  return (
    <EditRow
      id={id ?? 'new'}
      formId={formId}
      onSubmit={submit}
      saving={save.isPending}
      onCancel={onDone}
      message={problem ?? (save.isError ? inlineFailureMessage(save.error.message) : undefined)}
      fields={fields(formId)}
    />
  );
}
