import { useId } from 'react';
import type { AnswerInputProps } from './answer-input-props.ts';
import { FieldLabelText } from './field-label-text.tsx';

const INPUT_TYPES = { date: 'date', number: 'number', text: 'text' } as const;

/** customer-app §3 text, date, number and textarea fields: one labelled control each. */
export function TextAnswerInput({
  field,
  answerKey,
  value,
  onAnswer,
  onFocusAnswer,
  onBlurAnswer,
}: AnswerInputProps) {
  const id = useId();
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const common = {
    id,
    className: 'record-input',
    value: shown,
    placeholder: field.placeholder || undefined,
    'aria-required': field.required ? true : undefined,
    onFocus: () => onFocusAnswer(answerKey),
    onBlur: onBlurAnswer,
  };
  return (
    <div className="record-field">
      <label htmlFor={id} className="record-field__label">
        <FieldLabelText field={field} />
      </label>
      {field.type === 'textarea' ? (
        <textarea {...common} rows={4} onChange={(event) => onAnswer(answerKey, event.target.value)} />
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[field.type as keyof typeof INPUT_TYPES] ?? 'text'}
          // customer-app §5: numbers are free text; the answer is kept as typed.
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          onChange={(event) => onAnswer(answerKey, event.target.value)}
        />
      )}
    </div>
  );
}
