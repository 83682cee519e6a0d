import { useId } from 'react';
import { checkboxValueToSave } from '#domain/answer-completeness.ts';
import { answerValues } from '#domain/field-visibility.ts';
import type { AnswerInputProps } from './answer-input-props.ts';
import { FieldLabelText } from './field-label-text.tsx';

/**
 * customer-app §3 radio and checkbox fields. Options form a group (fieldset/legend); a checkbox
 * without options is one yes/no box. customer-app §5: an emptied checkbox is saved as false.
 */
export function ChoiceAnswerInput({
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
  const name = useId();
  const options = field.options ?? [];
  const focus = () => onFocusAnswer(answerKey);

  if (field.type === 'checkbox' && options.length === 0) {
    return (
      <div className="record-field record-choice record-choice--single">
        {labelAside ? <div className="record-field__head record-field__head--end">{labelAside}</div> : null}
        {afterLabel}
        <label id={labelId} className="record-choice__option">
          <input
            type="checkbox"
            autoComplete="off"
            checked={value === true}
            aria-required={field.required ? true : undefined}
            onChange={(event) => onAnswer(answerKey, event.target.checked)}
            onFocus={focus}
            onBlur={onBlurAnswer}
          />
          <span>
            <FieldLabelText field={field} />
          </span>
        </label>
      </div>
    );
  }

  const selected = answerValues(value);
  const toggle = (optionValue: string, checked: boolean) => {
    const list = Array.isArray(value) ? value.filter((entry) => entry !== optionValue) : [];
    onAnswer(answerKey, checkboxValueToSave(checked ? [...list, optionValue] : list));
  };
  return (
    <fieldset
      className={labelAside ? 'record-field record-choice record-field--aside' : 'record-field record-choice'}
    >
      <legend id={labelId} className="record-field__label">
        <FieldLabelText field={field} announceRequired />
      </legend>
      {labelAside}
      {afterLabel}
      <div className="record-choice__options">
        {options.map((option) => (
          <label key={option.value} className="record-choice__option">
            <input
              type={field.type === 'radio' ? 'radio' : 'checkbox'}
              autoComplete="off"
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(event) =>
                field.type === 'radio'
                  ? onAnswer(answerKey, option.value)
                  : toggle(option.value, event.target.checked)
              }
              onFocus={focus}
              onBlur={onBlurAnswer}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
