import { useRef, useState, useSyncExternalStore } from 'react';
import type { FormTemplate } from '#domain/form-template.ts';
import { RecordSync } from './autosave/record-sync.ts';
import { derivedAnswers } from './derived-answers.ts';
import { RecordSteps } from './record-steps.tsx';
import './record.css';

/**
 * The record screen's own renderer on a form that is not saved yet (issue 11: the form builder's
 * live preview): conditions, tables, progress and check marks work exactly as people will see them.
 * Answers live in this component only; nothing is kept or sent.
 */
export function RecordPreview({ form }: { form: FormTemplate }) {
  // The engine outlives each edit of the form; what follows from answers is derived from the latest.
  const latestForm = useRef(form);
  latestForm.current = form;
  const [sync] = useState(() => {
    let version = 1;
    let data: Record<string, unknown> = {};
    const engine = new RecordSync({
      initial: { data, version, updatedAt: new Date().toISOString(), submitted: false },
      async save({ answers }) {
        data = { ...data, ...answers };
        version += 1;
        return { data, version, updatedAt: new Date().toISOString(), conflictingKeys: [] };
      },
      persist: async () => {},
      derive: (view, reason) => derivedAnswers(latestForm.current, view, reason),
    });
    engine.start();
    return engine;
  });
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  return (
    <RecordSteps
      recordId="preview"
      form={form}
      answersVersion={`${snapshot.structureVersion}`}
      firstStep={0}
      readOnly={false}
      sync={sync}
      preview
    />
  );
}
