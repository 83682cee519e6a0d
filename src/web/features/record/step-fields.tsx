import { useDeferredValue } from 'react';
import type { FieldVisibility } from '#domain/field-visibility.ts';
import type { Field } from '#domain/form-template.ts';
import type { AnswerInputProps } from './fields/answer-input-props.ts';
import { FieldPlaceholder } from './fields/field-placeholder.tsx';
import { FormField } from './fields/form-field.tsx';
import { ReadOnlyField } from './fields/read-only-field.tsx';
import type { AnswerSource } from './fields/use-answer.ts';

/** Questions built in a step's first render: more than a tall window shows (issue 15 §2). */
export const FIRST_BUILT_FIELDS = 12;

type Handlers = Pick<AnswerInputProps, 'onAnswer' | 'onFocusAnswer' | 'onBlurAnswer'>;

/**
 * The shown questions of one step (customer-app §3), editable or as read-only answers. Issue 15 §2:
 * a long step paints its first questions whole and the others as their words at once, then React
 * builds the rest in the background (a deferred render, which gives way to keys and clicks), so
 * the page appears without waiting for hundreds of controls. Mounted afresh for each step.
 */
export function StepFields({
  fields,
  fieldKeys,
  readOnly,
  answers,
  visibility,
  source,
  ...handlers
}: Handlers & {
  fields: readonly Field[];
  /** Each field's key, by its place in the whole step, so that showing one question keeps the others. */
  fieldKeys: ReadonlyMap<Field, string>;
  readOnly: boolean;
  answers: Record<string, unknown>;
  visibility: FieldVisibility;
  source: AnswerSource;
}) {
  // False in the first render, true in the background one React makes right after it.
  const everyFieldBuilt = useDeferredValue(true, false);
  const built = everyFieldBuilt ? fields.length : FIRST_BUILT_FIELDS;
  const keyOf = (field: Field) => fieldKeys.get(field) ?? field.id;
  return (
    <div className="record-steps__fields" aria-busy={built < fields.length || undefined}>
      {fields.map((field, index) =>
        index >= built ? (
          <FieldPlaceholder key={keyOf(field)} field={field} />
        ) : readOnly ? (
          <ReadOnlyField key={keyOf(field)} field={field} answers={answers} visibility={visibility} />
        ) : (
          // Issue 43: a reminder's link finds its question by id; the box takes the rule of `> *`.
          <div key={keyOf(field)} data-question={field.id}>
            <FormField
              field={field}
              source={source}
              visibility={field.type === 'table' ? visibility : undefined}
              {...handlers}
            />
          </div>
        ),
      )}
      {fields.length === 0 ? <p className="record-steps__empty">Nothing to answer in this section.</p> : null}
    </div>
  );
}
