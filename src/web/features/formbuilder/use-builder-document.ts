import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DETAILS_REQUIRED_MESSAGE, EMPTY_FORM, parseFormTemplate } from '#domain/form-template.ts';
import { describeTemplateProblem, findTemplateProblems } from '#domain/form-template-problems.ts';
import { useToast } from '#web/components/ui/toast.tsx';
import { useBuilderInventoryType, useSaveInventoryType } from './api/use-inventory-type-form.ts';
import {
  type BuilderDocument,
  builderReducer,
  hasUnsavedChanges,
  initialBuilderState,
} from './builder-state.ts';
import { FORM_SAVED_MESSAGE, loadFailedMessage, saveFailedMessage } from './formbuilder-messages.ts';

/**
 * The inventory type being built (admin-app §2–§5): loaded once by id into the builder's own copy
 * (every change can be undone), checked by the server's rules as it changes, and saved — inserted
 * the first time, then updated under its new id.
 */
export function useBuilderDocument(id: string | undefined) {
  const loaded = useBuilderInventoryType(id);
  const save = useSaveInventoryType();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initialBuilderState());
  const [loadError, setLoadError] = useState<string | null>(null);
  const loadedFor = useRef<string | undefined>(undefined);
  const { document } = state;
  const problems = findTemplateProblems(document.form);

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
        form: form.ok ? form.form : EMPTY_FORM,
      },
    });
  }, [id, loaded.data]);
  useEffect(() => {
    if (loaded.isError) {
      setLoadError(loadFailedMessage(loaded.error.message));
      showToast(loadFailedMessage(loaded.error.message), 'error');
    }
  }, [loaded.isError, loaded.error, showToast]);

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

  return {
    state,
    dispatch,
    loading: id !== undefined && loaded.isPending,
    loadError,
    problems,
    unsaved: hasUnsavedChanges(state),
    saving: save.isPending,
    saveForm,
  };
}
