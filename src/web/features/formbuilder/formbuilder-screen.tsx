import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Field, FormTemplate } from '#domain/form-template.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { saveFile } from '#web/lib/save-file.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { AddSection } from './add-section.tsx';
import { BuilderDetails } from './builder-details.tsx';
import { BuilderPreview } from './builder-preview.tsx';
import { BuilderToolbar } from './builder-toolbar.tsx';
import { FieldEditor } from './field-editor.tsx';
import { JsonImport } from './json-import.tsx';
import { SectionList } from './section-list.tsx';
import { TemplateChecks } from './template-checks.tsx';
import { useBuilderDocument } from './use-builder-document.ts';
import { useBuilderShortcuts, useWarnBeforeLeaving } from './use-builder-shortcuts.ts';
import './formbuilder.css';

/**
 * admin-app §2 Form builder (`#/formbuilder/{id?}`, admins only): the inventory type's details, its
 * sections and fields, the field editor for the selected section, JSON import and export, and save.
 * Every change can be undone; the form is checked by the same rules as the server before saving.
 */
export function FormBuilderScreen({
  renderPreview,
}: {
  /** The record screen's renderer on the form being built (issue 11), given by the app. */
  renderPreview?: (form: FormTemplate) => ReactNode;
} = {}) {
  const { id } = useParams();
  usePageTitle('Form builder');
  const builder = useBuilderDocument(id);
  const { state, dispatch } = builder;
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const steps = state.document.form.steps;

  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  useBuilderShortcuts(undo, redo);
  useWarnBeforeLeaving(builder.unsaved);

  // A selection or an edit that no longer exists (after undo or delete) is let go.
  useEffect(() => {
    if (selected !== null && selected >= steps.length) setSelected(null);
    if (selected !== null && editing !== null && editing >= (steps[selected]?.fields.length ?? 0))
      setEditing(null);
  }, [steps, selected, editing]);

  const select = (section: number | null, field: number | null = null) => {
    setSelected(section);
    setEditing(field);
  };
  // The fields a condition may depend on: those before the one being edited (admin-app §3).
  const candidates = (section: number, before: number | null) =>
    steps
      .flatMap((step, s) =>
        s < section ? step.fields : s === section ? step.fields.slice(0, before ?? undefined) : [],
      )
      .filter((field) => field.type !== 'table' && field.id.trim() !== '');

  // admin-app §9: the form export file is named {formId}.json.
  const download = () =>
    saveFile(
      new Blob([JSON.stringify(state.document.form, null, 2)], { type: 'application/json' }),
      `${state.document.form.formId || 'custom-form'}.json`,
    );

  if (builder.loading) return <Spinner label="Loading the form..." showLabel />;
  const selectedStep = selected === null ? undefined : steps[selected];
  const editedField = selectedStep && editing !== null ? selectedStep.fields[editing] : undefined;

  return (
    <div className="page formbuilder">
      <div className="formbuilder__header">
        <h1>Form builder</h1>
        <BuilderToolbar
          id={id}
          canUndo={state.past.length > 0}
          canRedo={state.future.length > 0}
          unsaved={builder.unsaved}
          saving={builder.saving}
          onUndo={undo}
          onRedo={redo}
          onDownload={download}
          onSave={builder.saveForm}
        />
      </div>
      {builder.unsaved ? (
        <p className="builder-hint" role="status">
          Unsaved changes.
        </p>
      ) : null}
      {builder.loadError ? <ErrorMessage message={builder.loadError} /> : null}

      <BuilderDetails document={state.document} dispatch={dispatch} />

      <div className="formbuilder__body">
        <div className="formbuilder__sections">
          <h2>Sections</h2>
          {steps.length === 0 ? (
            <p className="formbuilder__empty">
              No sections yet. Add a section, select it, then add its fields.
            </p>
          ) : (
            <SectionList
              steps={steps}
              selected={selected}
              editing={editing}
              onSelect={(section) => select(section)}
              onRename={(section, title) => dispatch({ type: 'renameSection', section, title })}
              onContentNote={(section, note) => dispatch({ type: 'setContentNote', section, note })}
              onDelete={(section) => {
                dispatch({ type: 'deleteSection', section });
                select(null);
              }}
              onEditField={(section, index) => select(section, index)}
              onDeleteField={(section, index) => {
                dispatch({ type: 'deleteField', section, index });
                if (selected === section) setEditing(null);
              }}
              onMoveField={(section, from, to) => {
                dispatch({ type: 'moveField', section, from, to });
                setEditing(null);
              }}
            />
          )}
          <AddSection
            onAdd={(title) => {
              dispatch({ type: 'addSection', title });
              select(steps.length);
            }}
          />
        </div>

        <div className="formbuilder__editor">
          {selectedStep && selected !== null ? (
            <FieldEditor
              key={`${selected}-${editing ?? 'new'}`}
              sectionTitle={selectedStep.stepTitle}
              field={editedField ?? null}
              candidates={candidates(selected, editing)}
              onSave={(field: Field) => {
                dispatch({
                  type: 'saveField',
                  section: selected,
                  field,
                  index: editedField ? editing : null,
                });
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <p className="formbuilder__empty">Select a section to add or edit its fields.</p>
          )}
          <TemplateChecks problems={builder.problems} />
          <JsonImport
            onImport={(form) => {
              dispatch({ type: 'importForm', form });
              select(null);
            }}
          />
        </div>
      </div>

      {renderPreview ? <BuilderPreview form={state.document.form} renderPreview={renderPreview} /> : null}
    </div>
  );
}
