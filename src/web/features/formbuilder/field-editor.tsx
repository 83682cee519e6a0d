import { useId, useState } from 'react';
import { canDecline } from '#domain/declined-answer.ts';
import { type CellField, FIELD_TYPES, type Field, MAX_WHY_WE_ASK_LENGTH } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConditionalPicker } from './conditional-picker.tsx';
import { OptionsEditor } from './options-editor.tsx';
import { TableRowsEditor } from './table-rows-editor.tsx';

// admin-app §5: adding a field needs a non-empty label and id.
export const FIELD_REQUIRED_MESSAGE = 'A field needs an id and a label.';
const EMPTY_FIELD: Field = { id: '', label: '', type: 'text', placeholder: '', required: false };

/**
 * A field as saved: no options or rows where its type has none, no empty condition; no blank "Why
 * we ask" and no sensitive marker where it is off or cannot apply (issue 28 §1: a field without them
 * stays as it was).
 */
function tidy(field: Field): Field {
  const { options, rows, conditional, whyWeAsk, sensitive, ...rest } = field;
  return {
    ...rest,
    id: field.id.trim(),
    ...(whyWeAsk?.trim() ? { whyWeAsk } : {}),
    ...(canDecline(field) ? { sensitive: true } : {}),
    ...(field.type === 'radio' || field.type === 'checkbox' ? { options: options ?? [] } : {}),
    ...(field.type === 'table' ? { rows: rows ?? [] } : {}),
    ...(conditional?.fieldId ? { conditional } : {}),
  };
}

/**
 * admin-app §2 field editor, 'Add Field' (no field chosen) or 'Edit Field to Section: {title}':
 * id, label, type, placeholder, required; options for radio and checkbox; the conditional picker;
 * rows of cells for a table; a value for a hidden field.
 */
export function FieldEditor({
  sectionTitle,
  field,
  candidates,
  onSave,
  onCancel,
}: {
  sectionTitle: string;
  field: Field | null;
  candidates: Pick<Field | CellField, 'id' | 'label' | 'type' | 'options'>[];
  onSave: (field: Field) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Field>(field ?? EMPTY_FIELD);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const input = (key: 'id' | 'label' | 'placeholder', label: string) => (
    <div className="form-field">
      <label htmlFor={`${titleId}-${key}`}>{label}</label>
      <input
        id={`${titleId}-${key}`}
        value={draft[key] ?? ''}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );
  const save = () => {
    if (draft.id.trim() === '' || draft.label.trim() === '') return setProblem(FIELD_REQUIRED_MESSAGE);
    setProblem(null);
    onSave(tidy(draft));
    if (!field) setDraft(EMPTY_FIELD);
  };

  return (
    <section className="field-editor" aria-labelledby={titleId}>
      <h2 id={titleId}>{field ? `Edit Field to Section: ${sectionTitle}` : 'Add Field'}</h2>
      {field ? null : <p className="builder-hint">To section: {sectionTitle}</p>}
      <div className="field-editor__grid">
        {input('id', 'Field id')}
        {input('label', 'Field label')}
        <div className="form-field">
          <label htmlFor={`${titleId}-type`}>Field type</label>
          <select
            id={`${titleId}-type`}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as Field['type'] })}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        {input('placeholder', 'Placeholder')}
        {draft.type === 'hidden' ? (
          <div className="form-field">
            <label htmlFor={`${titleId}-value`}>Value</label>
            <input
              id={`${titleId}-value`}
              value={typeof draft.value === 'string' ? draft.value : ''}
              onChange={(event) => setDraft({ ...draft, value: event.target.value })}
            />
          </div>
        ) : null}
        <label className="builder-check">
          <input
            type="checkbox"
            checked={draft.required ?? false}
            onChange={(event) => setDraft({ ...draft, required: event.target.checked })}
          />
          Required
        </label>
        {draft.type === 'table' || draft.type === 'hidden' ? null : (
          <label className="builder-check">
            <input
              type="checkbox"
              checked={draft.sensitive ?? false}
              aria-describedby={`${titleId}-sensitive-hint`}
              onChange={(event) => setDraft({ ...draft, sensitive: event.target.checked })}
            />
            Sensitive
          </label>
        )}
      </div>
      {draft.type === 'table' || draft.type === 'hidden' ? null : (
        <p className="builder-hint" id={`${titleId}-sensitive-hint`}>
          A sensitive question offers “Prefer not to answer”.
        </p>
      )}
      <div className="form-field">
        <label htmlFor={`${titleId}-why`}>Why we ask (optional)</label>
        <textarea
          id={`${titleId}-why`}
          rows={2}
          maxLength={MAX_WHY_WE_ASK_LENGTH}
          value={draft.whyWeAsk ?? ''}
          onChange={(event) => setDraft({ ...draft, whyWeAsk: event.target.value })}
        />
      </div>
      {draft.type === 'radio' || draft.type === 'checkbox' ? (
        <OptionsEditor
          options={draft.options ?? []}
          owner={draft.label || 'this field'}
          onChange={(options) => setDraft({ ...draft, options })}
        />
      ) : null}
      {draft.type === 'table' ? (
        <TableRowsEditor rows={draft.rows ?? []} onChange={(rows) => setDraft({ ...draft, rows })} />
      ) : null}
      <ConditionalPicker
        candidates={candidates.filter((candidate) => candidate.id !== draft.id || draft.id === '')}
        value={draft.conditional}
        onChange={(conditional) => {
          const { conditional: _dropped, ...rest } = draft;
          setDraft(conditional ? { ...rest, conditional } : rest);
        }}
      />
      {problem ? (
        <p className="error-message" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="field-editor__actions">
        <Button onClick={save}>{field ? 'Update Field' : 'Add Field'}</Button>
        {field ? (
          <Button variant="quiet" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </section>
  );
}
