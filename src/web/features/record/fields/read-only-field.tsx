import type { AnswerMap } from '#domain/answer-completeness.ts';
import { answerText, NO_RESPONSE_TEXT } from '#domain/answer-text.ts';
import { isDeclined } from '#domain/declined-answer.ts';
import type { FieldVisibility } from '#domain/field-visibility.ts';
import type { CellField, Field } from '#domain/form-template.ts';
import { tableAnswerKey } from '#domain/table-answer-keys.ts';
import { VoiceReadOnly } from '../voice/voice-read-only.tsx';
import { FieldLabelText } from './field-label-text.tsx';
import { rowLabel } from './table-answer-input.tsx';

function ReadOnlyAnswer({
  field,
  value,
  answers,
}: {
  field: CellField;
  value: unknown;
  answers?: AnswerMap;
}) {
  const text = answerText(field, value);
  return (
    <div className="record-answer">
      <dt className="record-field__label">
        <FieldLabelText field={{ ...field, required: false }} />
      </dt>
      <dd
        className={
          text === null || isDeclined(value)
            ? 'record-answer__value record-answer__value--empty'
            : 'record-answer__value'
        }
      >
        {text ?? NO_RESPONSE_TEXT}
        {answers ? <VoiceReadOnly answers={answers} field={field} /> : null}
      </dd>
    </div>
  );
}

/** customer-app §4: a submitted record, or one the viewer does not own, shows its answers as text. */
export function ReadOnlyField({
  field,
  answers,
  visibility,
}: {
  field: Field;
  answers: AnswerMap;
  visibility: FieldVisibility;
}) {
  if (field.type === 'hidden') return null;
  if (field.type !== 'table') {
    return (
      <dl className="record-answers">
        <ReadOnlyAnswer field={field} value={answers[field.id]} answers={answers} />
      </dl>
    );
  }
  return (
    <section className="record-field record-table" aria-label={field.label}>
      <p className="record-field__label">
        <FieldLabelText field={{ ...field, required: false }} />
      </p>
      {(field.rows ?? []).map((row, rowIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are addressed by their index (the answer keys).
        <div key={rowIndex} className="record-table__row">
          <p className="record-table__row-label">{rowLabel(row, rowIndex)}</p>
          <dl className="record-answers record-table__cells">
            {row.fields
              .filter((cell) => cell.type !== 'hidden' && visibility.isCellVisible(field, rowIndex, cell))
              .map((cell) => (
                <ReadOnlyAnswer
                  key={cell.id}
                  field={cell}
                  value={answers[tableAnswerKey(field.id, rowIndex, cell.id)]}
                />
              ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
