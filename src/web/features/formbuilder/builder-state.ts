import { EMPTY_FORM, type Field, type FormTemplate } from '#domain/form-template.ts';

/** What the builder edits: the inventory type's details and its form (admin-app §2, §3). */
export interface BuilderDocument {
  name: string;
  description: string;
  model: string;
  reportQuery: string;
  form: FormTemplate;
}

export interface BuilderState {
  document: BuilderDocument;
  /** Earlier documents (undo) and undone ones (redo), newest last. */
  past: BuilderDocument[];
  future: BuilderDocument[];
  /** The document as last saved or loaded: anything else is an unsaved change. */
  saved: BuilderDocument;
}

export type BuilderAction =
  | { type: 'load'; document: BuilderDocument }
  | { type: 'saved' }
  | { type: 'setDetail'; key: 'name' | 'description' | 'model' | 'reportQuery'; value: string }
  | { type: 'addSection'; title: string }
  | { type: 'renameSection'; section: number; title: string }
  | { type: 'setContentNote'; section: number; note: string }
  | { type: 'deleteSection'; section: number }
  | { type: 'saveField'; section: number; field: Field; index: number | null }
  | { type: 'deleteField'; section: number; index: number }
  | { type: 'moveField'; section: number; from: number; to: number }
  | { type: 'importForm'; form: FormTemplate }
  | { type: 'undo' }
  | { type: 'redo' };

/** How many steps back undo reaches; older ones are let go. */
const HISTORY_LIMIT = 100;

export const EMPTY_DOCUMENT: BuilderDocument = {
  name: '',
  description: '',
  model: '',
  reportQuery: '',
  form: EMPTY_FORM,
};

export function initialBuilderState(document: BuilderDocument = EMPTY_DOCUMENT): BuilderState {
  return { document, past: [], future: [], saved: document };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

function withSteps(document: BuilderDocument, steps: FormTemplate['steps']): BuilderDocument {
  return { ...document, form: { ...document.form, steps } };
}

function edit(document: BuilderDocument, action: BuilderAction): BuilderDocument {
  const steps = document.form.steps;
  const changeStep = (
    index: number,
    change: (step: FormTemplate['steps'][number]) => FormTemplate['steps'][number],
  ) =>
    withSteps(
      document,
      steps.map((step, i) => (i === index ? change(step) : step)),
    );
  switch (action.type) {
    case 'setDetail':
      return { ...document, [action.key]: action.value };
    case 'addSection':
      return withSteps(document, [...steps, { stepTitle: action.title, fields: [] }]);
    case 'renameSection':
      return changeStep(action.section, (step) => ({ ...step, stepTitle: action.title }));
    case 'setContentNote':
      // Issue 28 §1: a blank note is no note, so a section without one stays as it was.
      return changeStep(action.section, ({ contentNote: _old, ...step }) =>
        action.note.trim() === '' ? step : { ...step, contentNote: action.note },
      );
    case 'deleteSection':
      return withSteps(
        document,
        steps.filter((_, i) => i !== action.section),
      );
    case 'saveField':
      return changeStep(action.section, (step) => ({
        ...step,
        fields:
          action.index === null
            ? [...step.fields, action.field]
            : step.fields.map((field, i) => (i === action.index ? action.field : field)),
      }));
    case 'deleteField':
      return changeStep(action.section, (step) => ({
        ...step,
        fields: step.fields.filter((_, i) => i !== action.index),
      }));
    case 'moveField':
      return changeStep(action.section, (step) => ({
        ...step,
        fields: moveItem(step.fields, action.from, action.to),
      }));
    case 'importForm':
      return { ...document, form: action.form };
    default:
      return document;
  }
}

/**
 * Every builder action, undoable (issue 11: undo and redo of every builder action). Typing in one
 * detail box is one step per keystroke here; the screen groups keystrokes by pausing history.
 */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return initialBuilderState(action.document);
    case 'saved':
      return { ...state, saved: state.document };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        document: previous,
        past: state.past.slice(0, -1),
        future: [...state.future, state.document],
      };
    }
    case 'redo': {
      const next = state.future.at(-1);
      if (!next) return state;
      return {
        ...state,
        document: next,
        past: [...state.past, state.document],
        future: state.future.slice(0, -1),
      };
    }
    default: {
      const document = edit(state.document, action);
      if (document === state.document) return state;
      return { ...state, document, past: [...state.past, state.document].slice(-HISTORY_LIMIT), future: [] };
    }
  }
}

export function hasUnsavedChanges(state: BuilderState): boolean {
  return JSON.stringify(state.document) !== JSON.stringify(state.saved);
}
