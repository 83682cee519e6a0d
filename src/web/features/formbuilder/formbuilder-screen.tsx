import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DETAILS_REQUIRED_MESSAGE,
  type Field,
  type FormTemplate,
  parseFormTemplate,
} from '#domain/form-template.ts';
import { describeTemplateProblem, findTemplateProblems } from '#domain/form-template-problems.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { usePublishFormVersion } from '#web/lib/form-versions-api.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useBuilderInventoryType, useSaveInventoryType } from './api/use-inventory-type-form.ts';
import {
  type BuilderDocument,
  builderReducer,
  hasUnsavedChanges,
  initialBuilderState,
} from './builder-state.ts';
import { FieldEditor } from './field-editor.tsx';
import { JsonImport } from './json-import.tsx';
import { SectionList } from './section-list.tsx';
import { useBuilderShortcuts, useWarnBeforeLeaving } from './use-builder-shortcuts.ts';
import './formbuilder.css';

// admin-app §4, §5, §8: the builder's messages, to the letter.
export const FORM_SAVED_MESSAGE = 'Form saved successfully!';
export const saveFailedMessage = (message: string) => `Error saving form: ${message}`;
export const loadFailedMessage = (message: string) => `Error loading form: ${message}`;
export const SECTION_TITLE_REQUIRED = 'A section needs a title.';

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
  const loaded = useBuilderInventoryType(id);
  const save = useSaveInventoryType();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const publish = usePublishFormVersion();
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initialBuilderState());
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [sectionTitle, setSectionTitle] = useState('');
  const [sectionProblem, setSectionProblem] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const loadedFor = useRef<string | undefined>(undefined);
  const ids = useId();
  const { document } = state;
  const steps = document.form.steps;
  const problems = findTemplateProblems(document.form);
  const unsaved = hasUnsavedChanges(state);
  const [previewShown, setPreviewShown] = useState(false);
  // A large form re-renders its preview after the builder has painted the keystroke.
  const previewForm = useDeferredValue(document.form);

  // admin-app §3: the stored form may arrive as a string and must be parsed.
  useEffect(() => {
    if (!id || !loaded.data || loadedFor.current === id) return;
    loadedFor.current = id;
    const form = parseFormTemplate(loaded.data.form);
    if (!form.ok) setLoadError(loadFailedMessage(form.error));
    dispatch({
      type: 'load',
      document: {
        name: loaded.data.name,
        description: loaded.data.description ?? '',
        model: loaded.data.model ?? '',
        reportQuery: loaded.data.reportQuery ?? '',
        form: form.ok ? form.form : { formId: 'custom-form', formTitle: 'Custom Form', steps: [] },
      },
    });
  }, [id, loaded.data]);
  useEffect(() => {
    if (loaded.isError) {
      setLoadError(loadFailedMessage(loaded.error.message));
      showToast(loadFailedMessage(loaded.error.message), 'error');
    }
  }, [loaded.isError, loaded.error, showToast]);

  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  useBuilderShortcuts(undo, redo);
  useWarnBeforeLeaving(unsaved);

  // A selection or an edit that no longer exists (after undo or delete) is let go.
  useEffect(() => {
    if (selected !== null && selected >= steps.length) setSelected(null);
    if (selected !== null && editing !== null && editing >= (steps[selected]?.fields.length ?? 0))
      setEditing(null);
  }, [steps, selected, editing]);

  const addSection = () => {
    const title = sectionTitle.trim();
    if (title === '') return setSectionProblem(SECTION_TITLE_REQUIRED);
    setSectionProblem(null);
    dispatch({ type: 'addSection', title });
    setSectionTitle('');
    setSelected(steps.length);
    setEditing(null);
  };

  const candidates = (section: number, before: number | null) =>
    steps
      .flatMap((step, s) =>
        s < section ? step.fields : s === section ? step.fields.slice(0, before ?? undefined) : [],
      )
      .filter((field) => field.type !== 'table' && field.id.trim() !== '');

  const saveForm = () => {
    if (document.name.trim() === '' || document.description.trim() === '') {
      showToast(DETAILS_REQUIRED_MESSAGE, 'error');
      return;
    }
    let form: unknown;
    try {
      form = JSON.parse(JSON.stringify(document.form));
    } catch {
      showToast(saveFailedMessage('Invalid JSON format in form data.'), 'error');
      return;
    }
    const first = problems[0];
    if (first) {
      showToast(saveFailedMessage(describeTemplateProblem(first)), 'error');
      return;
    }
    const saving: BuilderDocument = { ...document, form: form as BuilderDocument['form'] };
    save.mutate(
      { id, document: saving },
      {
        onSuccess: (savedId) => {
          dispatch({ type: 'saved' });
          showToast(FORM_SAVED_MESSAGE, 'success');
          if (!id) {
            // Later saves update the type just inserted (admin-app §4).
            loadedFor.current = savedId;
            queryClient.setQueryData(['formbuilder', savedId], {
              id: savedId,
              name: saving.name,
              description: saving.description,
              form: saving.form,
              reportQuery: saving.reportQuery,
              model: saving.model,
            });
            navigate(`/formbuilder/${savedId}`, { replace: true });
          }
        },
        onError: (error) => showToast(saveFailedMessage(error.message), 'error'),
      },
    );
  };

  const download = () => {
    const blob = new Blob([JSON.stringify(document.form, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = window.document.createElement('a');
    link.href = url;
    // admin-app §9: the form export file is named {formId}.json.
    link.download = `${document.form.formId || 'custom-form'}.json`;
    window.document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 100);
  };

  if (id && loaded.isPending) return <Spinner label="Loading the form..." showLabel />;
  const selectedStep = selected === null ? undefined : steps[selected];
  const editedField = selectedStep && editing !== null ? selectedStep.fields[editing] : undefined;
  const detail = (
    key: 'name' | 'description' | 'model' | 'reportQuery',
    label: string,
    multiline = false,
  ) => (
    <div className="form-field">
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`${ids}-${key}`}
          rows={3}
          value={document[key]}
          onChange={(event) => dispatch({ type: 'setDetail', key, value: event.target.value })}
        />
      ) : (
        <input
          id={`${ids}-${key}`}
          value={document[key]}
          onChange={(event) => dispatch({ type: 'setDetail', key, value: event.target.value })}
        />
      )}
    </div>
  );

  return (
    <div className="page formbuilder">
      <div className="formbuilder__header">
        <h1>Form builder</h1>
        <div className="formbuilder__toolbar">
          <Button
            variant="quiet"
            onClick={undo}
            disabled={state.past.length === 0}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </Button>
          <Button
            variant="quiet"
            onClick={redo}
            disabled={state.future.length === 0}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </Button>
          <Button variant="secondary" onClick={download}>
            Download JSON
          </Button>
          <Button onClick={saveForm} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : id ? 'Update Form' : 'Save Form'}
          </Button>
          {id ? (
            <>
              <Button
                variant="accent"
                disabled={publish.isPending || unsaved || save.isPending}
                title={
                  unsaved ? 'Save the form first: Publish makes the saved draft the next version.' : undefined
                }
                onClick={() =>
                  publish.mutate(id, {
                    onSuccess: ({ number }) =>
                      showToast(
                        `Published as version ${number}. New records take it; started ones keep theirs.`,
                        'success',
                      ),
                    onError: (error) => showToast(error.message, 'error'),
                  })
                }
              >
                {publish.isPending ? 'Publishing...' : 'Publish'}
              </Button>
              <Link to={`/formversions/${id}`} className={buttonClassName('quiet')}>
                Versions
              </Link>
            </>
          ) : null}
        </div>
      </div>
      {unsaved ? (
        <p className="builder-hint" role="status">
          Unsaved changes.
        </p>
      ) : null}
      {loadError ? <ErrorMessage message={loadError} /> : null}

      <section className="formbuilder__details" aria-label="Form details">
        {detail('name', 'Name')}
        {detail('description', 'Description', true)}
        {detail('model', 'Model')}
        {detail('reportQuery', 'Report query', true)}
      </section>

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
              onSelect={(section) => {
                setSelected(section);
                setEditing(null);
              }}
              onRename={(section, title) => dispatch({ type: 'renameSection', section, title })}
              onDelete={(section) => {
                dispatch({ type: 'deleteSection', section });
                setSelected(null);
                setEditing(null);
              }}
              onEditField={(section, index) => {
                setSelected(section);
                setEditing(index);
              }}
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
          <section className="add-section" aria-labelledby={`${ids}-add-section`}>
            <h2 id={`${ids}-add-section`}>Add Section</h2>
            <label htmlFor={`${ids}-section-title`}>Section title</label>
            <div className="add-section__row">
              <input
                id={`${ids}-section-title`}
                value={sectionTitle}
                onChange={(event) => setSectionTitle(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addSection();
                  }
                }}
              />
              <Button variant="secondary" onClick={addSection}>
                Add Section
              </Button>
            </div>
            {sectionProblem ? (
              <p className="error-message" role="alert">
                {sectionProblem}
              </p>
            ) : null}
          </section>
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
          <section className="template-checks" aria-labelledby={`${ids}-checks`}>
            <h2 id={`${ids}-checks`}>Checks</h2>
            {problems.length === 0 ? (
              <p className="success-message">The form can be saved: no problems found.</p>
            ) : (
              <>
                <p>
                  {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix before saving:
                </p>
                <ul className="template-checks__list">
                  {problems.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; the list is redrawn whole.
                    <li key={index}>{describeTemplateProblem(problem)}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <JsonImport
            onImport={(form) => {
              dispatch({ type: 'importForm', form });
              setSelected(null);
              setEditing(null);
            }}
          />
        </div>
      </div>

      {renderPreview ? (
        <section className="formbuilder__preview" aria-labelledby={`${ids}-preview`}>
          <div className="formbuilder__preview-header">
            <h2 id={`${ids}-preview`}>Preview</h2>
            <Button
              variant="secondary"
              aria-expanded={previewShown}
              onClick={() => setPreviewShown((shown) => !shown)}
            >
              {previewShown ? 'Hide preview' : 'Show preview'}
            </Button>
          </div>
          {previewShown ? (
            <>
              <p className="formbuilder__empty">
                As people will see it, with its conditions, tables and progress. Answers typed here are not
                saved.
              </p>
              <div className="formbuilder__preview-frame">{renderPreview(previewForm)}</div>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
