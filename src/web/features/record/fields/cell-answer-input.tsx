import type { AnswerInputProps } from './answer-input-props.ts';
import { ChoiceAnswerInput } from './choice-answer-input.tsx';
import { TextAnswerInput } from './text-answer-input.tsx';
import { type AnswerSource, useAnswer } from './use-answer.ts';

type CellProps = Omit<AnswerInputProps, 'value'> & { source: AnswerSource };

/**
 * One answer control for a field or table cell of a type that takes input. It reads its own answer
 * from the source, so typing in it re-renders it alone (issue 15 §1); a text control not even that
 * (issue 32: it shows the answer without a render, text-answer-input.tsx).
 */
export function CellAnswerInput(props: CellProps) {
  if (props.field.type === 'radio' || props.field.type === 'checkbox') return <ChoiceCell {...props} />;
  if (props.field.type === 'hidden' || props.field.type === 'table') return null;
  return <TextAnswerInput {...props} />;
}

function ChoiceCell({ source, ...props }: CellProps) {
  return <ChoiceAnswerInput {...props} value={useAnswer(source, props.answerKey)} />;
}
