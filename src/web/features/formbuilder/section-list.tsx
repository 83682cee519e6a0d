import { memo, useState } from 'react';
import { type Field, MAX_CONTENT_NOTE_LENGTH, type Step } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SortableList } from '#web/components/ui/sortable-list.tsx';
import { conditionNote } from './conditional-picker.tsx';

/**
 * admin-app §2 sections: "Section N:" with an editable title, expand/collapse, select and delete;
 * each lists its fields with label, type, id, a hidden marker, a required marker and the condition
 * "field = value", to edit, delete and reorder by drag. Issue 28 §1: a content note per section, and
 * sensitive and "Why we ask" markers beside the required one.
 */
export function SectionList({
  steps,
  selected,
  editing,
  onSelect,
  onRename,
  onContentNote,
  onDelete,
  onEditField,
  onDeleteField,
  onMoveField,
}: {
  steps: Step[];
  selected: number | null;
  editing: number | null;
  onSelect: (section: number) => void;
  onRename: (section: number, title: string) => void;
  onContentNote: (section: number, note: string) => void;
  onDelete: (section: number) => void;
  onEditField: (section: number, index: number) => void;
  onDeleteField: (section: number, index: number) => void;
  onMoveField: (section: number, from: number, to: number) => void;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <ol className="section-list" aria-label="Sections">
      {steps.map((step, sectionIndex) => {
        const open = !collapsed.has(sectionIndex);
        const isSelected = selected === sectionIndex;
        const number = sectionIndex + 1;
        const fieldsId = `section-${sectionIndex}-fields`;
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id of their own; their place is their identity.
            key={sectionIndex}
            className={isSelected ? 'builder-section builder-section--selected' : 'builder-section'}
          >
            <div className="builder-section__header">
              <label className="builder-section__title">
                <span>Section {number}:</span>
                <input
                  value={step.stepTitle}
                  aria-label={`Title of section ${number}`}
                  onChange={(event) => onRename(sectionIndex, event.target.value)}
                />
              </label>
              <div className="builder-section__actions">
                <Button
                  size="sm"
                  variant="quiet"
                  aria-expanded={open}
                  aria-controls={fieldsId}
                  aria-label={`${open ? 'Collapse' : 'Expand'} section ${number}`}
                  onClick={() => toggle(sectionIndex)}
                >
                  {open ? 'Collapse' : 'Expand'}
                </Button>
                <Button
                  size="sm"
                  variant={isSelected ? 'primary' : 'secondary'}
                  aria-pressed={isSelected}
                  aria-label={`Select section ${number}`}
                  onClick={() => onSelect(sectionIndex)}
                >
                  {isSelected ? <span aria-hidden="true">✓ </span> : null}
                  Select
                </Button>
                <Button
                  size="sm"
                  variant="quiet"
                  aria-label={`Delete section ${number}`}
                  onClick={() => onDelete(sectionIndex)}
                >
                  Delete
                </Button>
              </div>
            </div>
            <div id={fieldsId} hidden={!open}>
              <ContentNoteInput
                note={step.contentNote ?? ''}
                number={number}
                onChange={(note) => onContentNote(sectionIndex, note)}
              />
              {step.fields.length === 0 ? (
                <p className="builder-hint">No fields yet. Select the section to add one.</p>
              ) : (
                <SortableList
                  moveButtons
                  items={step.fields}
                  idOf={(field, index) => `s${sectionIndex}-${field.id || 'field'}-${index}`}
                  describe={(field) => `field ${field.label || field.id}`}
                  label={`Fields of section ${number}`}
                  onMove={(from, to) => onMoveField(sectionIndex, from, to)}
                >
                  {(field, index, handle) => (
                    <FieldSummary
                      field={field}
                      handle={handle}
                      editing={isSelected && editing === index}
                      sectionIndex={sectionIndex}
                      index={index}
                      onEditField={onEditField}
                      onDeleteField={onDeleteField}
                    />
                  )}
                </SortableList>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Issue 28 §1: the optional note shown before the section, for sections that ask hard things. */
function ContentNoteInput({
  note,
  number,
  onChange,
}: {
  note: string;
  number: number;
  onChange: (note: string) => void;
}) {
  const id = `section-${number}-content-note`;
  return (
    <div className="form-field builder-section__note">
      <label htmlFor={id}>Content note of section {number} (optional)</label>
      <textarea
        id={id}
        rows={2}
        maxLength={MAX_CONTENT_NOTE_LENGTH}
        placeholder="Shown before the section, e.g. This section asks about separation."
        value={note}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

// Memoized: a drag re-renders every item of the list; an item whose props did not change skips.
const FieldSummary = memo(function FieldSummary({
  field,
  handle,
  editing,
  sectionIndex,
  index,
  onEditField,
  onDeleteField,
}: {
  field: Field;
  handle: React.ReactNode;
  editing: boolean;
  sectionIndex: number;
  index: number;
  onEditField: (section: number, index: number) => void;
  onDeleteField: (section: number, index: number) => void;
}) {
  const onEdit = () => onEditField(sectionIndex, index);
  const onDelete = () => onDeleteField(sectionIndex, index);
  const note = conditionNote(field.conditional);
  const name = field.label || field.id;
  return (
    <div className={editing ? 'field-summary field-summary--editing' : 'field-summary'}>
      {handle}
      <div className="field-summary__text">
        <strong>{field.label || '(no label)'}</strong>
        <span className="field-summary__meta">
          {field.type} · id: {field.id || '(none)'}
          {field.type === 'hidden' ? <span className="builder-marker">Hidden</span> : null}
          {field.required ? <span className="builder-marker builder-marker--required">Required</span> : null}
          {field.sensitive ? (
            <span className="builder-marker builder-marker--sensitive">Sensitive</span>
          ) : null}
          {field.whyWeAsk ? <span className="builder-marker">Why we ask</span> : null}
        </span>
        {note ? <span className="field-summary__condition">Shown when {note}</span> : null}
      </div>
      <div className="field-summary__actions">
        <Button size="sm" variant="secondary" aria-label={`Edit field ${name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="quiet" aria-label={`Delete field ${name}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </div>
  );
});
