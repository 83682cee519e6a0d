import type { AnswerInputProps } from './answer-input-props.ts';
import { ChoiceAnswerInput } from './choice-answer-input.tsx';
import { TextAnswerInput } from './text-answer-input.tsx';

/** One answer control for a field or table cell of a type that takes input. */
export function CellAnswerInput(props: AnswerInputProps) {
  if (props.field.type === 'radio' || props.field.type === 'checkbox')
    return <ChoiceAnswerInput {...props} />;
  if (props.field.type === 'hidden' || props.field.type === 'table') return null;
  return <TextAnswerInput {...props} />;
}
