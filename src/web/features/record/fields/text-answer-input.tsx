import { useId, useLayoutEffect, useRef } from 'react';
import { ANSWER_LIMIT_MESSAGES, MAX_ANSWER_LENGTH, withoutUnstorableText } from '#domain/answer-limits.ts';
import type { AnswerInputProps } from './answer-input-props.ts';
import { FieldLabelText } from './field-label-text.tsx';
import { type AnswerSource, useAnswer } from './use-answer.ts';

const INPUT_TYPES = { date: 'date', number: 'number', text: 'text' } as const;

/** The text a text, date or number control shows for an answer (a declined mark shows as empty). */
const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const reachesLimit = (value: unknown) => textOf(value).length >= MAX_ANSWER_LENGTH;

/**
 * customer-app §3 text, date, number and textarea fields: one labelled control each.
 *
 * Issue 32 (decision 066): the control is uncontrolled, so a keystroke costs no React render. The
 * typed text goes from the input event to the answer (and so at once to the kept copy and the save
 * queue), and the control shows the source's answer by writing the DOM value whenever that answer
 * changes and differs from what it shows: a remote update, an undo, a decline or a derived answer,
 * as a controlled input would, and under the same rules (the engine holds the focused field's
 * answer while a stored one waits, remote-updates.ts). Only crossing the length limit re-renders.
 */
export function TextAnswerInput({
  field,
  answerKey,
  source,
  onAnswer,
  onFocusAnswer,
  onBlurAnswer,
  labelAside,
  afterLabel,
  labelId,
}: Omit<AnswerInputProps, 'value'> & { source: AnswerSource }) {
  const id = useId();
  const limitId = `${id}-limit`;
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // The one render typing can cause: the limit message, when the answer reaches the limit or leaves it.
  const atLimit = useAnswer(source, answerKey, reachesLimit);
  // What the control shows follows the source's answer; unchanged text is left alone (the caret).
  const show = () => {
    const text = textOf(source.getAnswer(answerKey));
    if (control.current && control.current.value !== text) control.current.value = text;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: show reads only source and answerKey
  useLayoutEffect(() => {
    show();
    return source.subscribeKey(answerKey, show);
  }, [source, answerKey]);
  // Issue 13 §5 and §8: an answer never grows past what the server stores, and characters it
  // cannot store (a NUL, half of an emoji) never enter it: pasted text loses them, nothing else.
  const answer = (text: string) => {
    onAnswer(answerKey, withoutUnstorableText(text).slice(0, MAX_ANSWER_LENGTH));
    show();
  };
  const common = {
    id,
    ref: control,
    className: 'record-input',
    defaultValue: textOf(source.getAnswer(answerKey)),
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
