import { memo, useId } from 'react';
import { canDecline } from '#domain/declined-answer.ts';
import type { FieldVisibility } from '#domain/field-visibility.ts';
import type { Field } from '#domain/form-template.ts';
import { VoiceAnswerSlot } from '../voice/voice-answer-slot.tsx';
import type { AnswerInputProps } from './answer-input-props.ts';
import { CellAnswerInput } from './cell-answer-input.tsx';
import { PreferNotToAnswer, useWhyWeAsk } from './question-care.tsx';
import { TableAnswerInput } from './table-answer-input.tsx';
import type { AnswerSource } from './use-answer.ts';

type FormFieldProps = Omit<AnswerInputProps, 'field' | 'answerKey' | 'value'> & {
  field: Field;
  source: AnswerSource;
  /** Only for tables, whose cells are shown by their own conditions (customer-app §5). */
  visibility?: FieldVisibility;
};

/**
 * A field of the current step (customer-app §3), by type; hidden fields (the computed age) take no
 * input and show nothing. Memoised, and each input reads its own answer: a keystroke re-renders the
 * field typed in, not the step (issue 15 §1). Issue 28: "Why we ask" beside the label, and "Prefer
 * not to answer" below a sensitive question.
 */
export const FormField = memo(function FormField({ field, source, visibility, ...handlers }: FormFieldProps) {
  const ids = useId();
  const why = useWhyWeAsk(field, `${ids}-why`);
  if (field.type === 'hidden') return null;
  if (field.type === 'table') {
    return visibility ? (
      <TableAnswerInput
        field={field}
        source={source}
        visibility={visibility}
        labelAside={why.button}
        afterLabel={why.panel}
        {...handlers}
      />
    ) : null;
  }
  const input = (
    <CellAnswerInput
      field={field}
      answerKey={field.id}
      source={source}
      labelAside={why.button}
      afterLabel={why.panel}
      labelId={`${ids}-question`}
      {...handlers}
    />
  );
  // Issue 41 §1: a text or long-text question may be answered aloud (on the record screen only).
  const voice =
    field.type === 'text' || field.type === 'textarea' ? (
      <VoiceAnswerSlot
        field={field}
        source={source}
        onAnswer={handlers.onAnswer}
        describedBy={`${ids}-question`}
      />
    ) : null;
  if (!canDecline(field) && !voice) return input;
  if (!canDecline(field))
    return (
      <div className="record-question">
        {input}
        {voice}
      </div>
    );
  return (
    <div className="record-question">
      {input}
      {voice}
      <PreferNotToAnswer
        field={field}
        source={source}
        onAnswer={handlers.onAnswer}
        describedBy={`${ids}-question`}
      />
    </div>
  );
});
