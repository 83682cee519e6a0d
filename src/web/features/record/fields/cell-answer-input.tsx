import type { AnswerInputProps } from './answer-input-props.ts';
import { ChoiceAnswerInput } from './choice-answer-input.tsx';
import { TextAnswerInput } from './text-answer-input.tsx';
import { type AnswerSource, useAnswer } from './use-answer.ts';

/**
 * One answer control for a field or table cell of a type that takes input. It reads its own answer
 * from the source, so typing in it re-renders it alone (issue 15 §1).
 */
export function CellAnswerInput({
  source,
  ...props
}: Omit<AnswerInputProps, 'value'> & { source: AnswerSource }) {
  const value = useAnswer(source, props.answerKey);
  if (props.field.type === 'radio' || props.field.type === 'checkbox')
    return <ChoiceAnswerInput {...props} value={value} />;
  if (props.field.type === 'hidden' || props.field.type === 'table') return null;
  return <TextAnswerInput {...props} value={value} />;
}
