import { memo } from 'react';
import type { AnswerMap } from '#domain/answer-completeness.ts';
import type { FieldVisibility } from '#domain/field-visibility.ts';
import type { Field } from '#domain/form-template.ts';
import type { AnswerInputProps } from './answer-input-props.ts';
import { CellAnswerInput } from './cell-answer-input.tsx';
import { TableAnswerInput } from './table-answer-input.tsx';

type FormFieldProps = Omit<AnswerInputProps, 'field' | 'answerKey'> & {
  field: Field;
  /** Only for tables, whose answers are many keys; other fields re-render only when their value changes. */
  table?: { answers: AnswerMap; visibility: FieldVisibility };
};

/**
 * A field of the current step (customer-app §3), by type; hidden fields (the computed age) take no
 * input and show nothing. Memoised: a keystroke re-renders the field typed in, not the whole step.
 */
export const FormField = memo(function FormField({ field, table, value, ...handlers }: FormFieldProps) {
  if (field.type === 'hidden') return null;
  if (field.type === 'table') {
    return table ? <TableAnswerInput field={field} {...table} {...handlers} /> : null;
  }
  return <CellAnswerInput field={field} answerKey={field.id} value={value} {...handlers} />;
});
