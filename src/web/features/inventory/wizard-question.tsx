import type { WizardAnswers, WizardField } from '#domain/inventory-wizard.ts';
import { WizardVoice } from './wizard-voice.tsx';

interface QuestionProps {
  field: WizardField;
  answers: WizardAnswers;
  onChange: (id: WizardField['id'], value: string | string[]) => void;
}

/**
 * One wizard question (customer-app §3): free text (dates and numbers too, §5), a longer text, one
 * choice or several. Required text inputs are enforced by the browser's form (§5).
 */
export function WizardQuestion({ field, answers, onChange }: QuestionProps) {
  const inputId = `wizard-${field.id}`;
  if (field.kind === 'radio' || field.kind === 'checkbox') {
    const selected = answers[field.id as keyof WizardAnswers];
    const isChecked = (option: string) =>
      Array.isArray(selected) ? selected.includes(option) : selected === option;
    const toggle = (option: string, checked: boolean) => {
      if (field.kind === 'radio') return onChange(field.id, option);
      const list = Array.isArray(selected) ? selected : [];
      // Kept in the enumeration's order, whatever order the boxes were ticked in.
      const next = field.options.filter((value) => (value === option ? checked : list.includes(value)));
      onChange(field.id, next);
    };
    return (
      <fieldset className="wizard-question wizard-question--choices">
        <legend className="wizard-question__label">{field.label}</legend>
        <div className="wizard-choices">
          {field.options.map((option) => (
            <label key={option} className="wizard-choice">
              <input
                type={field.kind}
                name={field.id}
                value={option}
                checked={isChecked(option)}
                onChange={(event) => toggle(option, event.currentTarget.checked)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const value = String(answers[field.id as keyof WizardAnswers] ?? '');
  const common = {
    id: inputId,
    name: field.id,
    value,
    required: field.required,
    placeholder: field.placeholder,
    className: 'wizard-question__input',
  };
  return (
    <div className="wizard-question">
      <label className="wizard-question__label" htmlFor={inputId}>
        {field.label}
        {/* The input's `required` tells assistive technology; the star tells the eye. */}
        {field.required ? (
          <span className="wizard-question__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {field.kind === 'textarea' ? (
        <>
          <textarea
            {...common}
            rows={4}
            onChange={(event) => onChange(field.id, event.currentTarget.value)}
          />
          {/* Issue 41 §1: the wizard's narrative questions take a spoken answer too (decision 188). */}
          <WizardVoice
            fieldId={field.id}
            label={field.label}
            value={value}
            onChange={(text) => onChange(field.id, text)}
          />
        </>
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(field.id, event.currentTarget.value)} />
      )}
    </div>
  );
}
