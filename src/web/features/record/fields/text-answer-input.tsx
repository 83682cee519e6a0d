import { useId } from 'react';
import { ANSWER_LIMIT_MESSAGES, MAX_ANSWER_LENGTH, withoutUnstorableText } from '#domain/answer-limits.ts';
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
  labelAside,
  afterLabel,
  labelId,
}: AnswerInputProps) {
  const id = useId();
  const limitId = `${id}-limit`;
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const atLimit = shown.length >= MAX_ANSWER_LENGTH;
  // Issue 13 §5 and §8: an answer never grows past what the server stores, and characters it
  // cannot store (a NUL, half of an emoji) never enter it: pasted text loses them, nothing else.
  const answer = (text: string) =>
    onAnswer(answerKey, withoutUnstorableText(text).slice(0, MAX_ANSWER_LENGTH));
  const common = {
    id,
    className: 'record-input',
    value: shown,
    placeholder: field.placeholder || undefined,
    'aria-required': field.required ? true : undefined,
    'aria-describedby': atLimit ? limitId : undefined,
    maxLength: MAX_ANSWER_LENGTH,
    // Issue 13: Chromium otherwise keeps typed text in clear in its session-restore file.
    autoComplete: 'off',
    onFocus: () => onFocusAnswer(answerKey),
    onBlur: onBlurAnswer,
  };
  return (
    <div className="record-field">
      <div className="record-field__head">
        <label htmlFor={id} id={labelId} className="record-field__label">
          <FieldLabelText field={field} />
        </label>
        {labelAside}
      </div>
      {afterLabel}
      {field.type === 'textarea' ? (
        <textarea {...common} rows={4} onChange={(event) => answer(event.target.value)} />
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[field.type as keyof typeof INPUT_TYPES] ?? 'text'}
          // customer-app §5: numbers are free text; the answer is kept as typed.
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          onChange={(event) => answer(event.target.value)}
        />
      )}
      {atLimit ? (
        <p id={limitId} className="record-field__limit" role="status">
          {ANSWER_LIMIT_MESSAGES.tooLong}
        </p>
      ) : null}
    </div>
  );
}
