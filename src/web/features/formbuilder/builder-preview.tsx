import { type ReactNode, useDeferredValue, useId, useState } from 'react';
import type { FormTemplate } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';

/** Issue 11: the form being built as people will see it, through the record screen's renderer. */
export function BuilderPreview({
  form,
  renderPreview,
}: {
  form: FormTemplate;
  renderPreview: (form: FormTemplate) => ReactNode;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  // A large form re-renders its preview after the builder has painted the keystroke.
  const previewForm = useDeferredValue(form);
  return (
    <section className="formbuilder__preview" aria-labelledby={`${id}-preview`}>
      <div className="formbuilder__preview-header">
        <h2 id={`${id}-preview`}>Preview</h2>
        <Button variant="secondary" aria-expanded={shown} onClick={() => setShown((open) => !open)}>
          {shown ? 'Hide preview' : 'Show preview'}
        </Button>
      </div>
      {shown ? (
        <>
          <p className="formbuilder__empty">
            As people will see it, with its conditions, tables and progress. Answers typed here are not saved.
          </p>
          <div className="formbuilder__preview-frame">{renderPreview(previewForm)}</div>
        </>
      ) : null}
    </section>
  );
}
