import { useId, useState } from 'react';
import { type FormTemplate, parseFormTemplate } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';

/** admin-app §2 JSON import/paste box: a pasted form replaces the one being built (undoable). */
export function JsonImport({ onImport }: { onImport: (form: FormTemplate) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const importText = () => {
    const parsed = parseFormTemplate(text.trim() === '' ? '{' : text);
    if (!parsed.ok) return setProblem(parsed.error);
    setProblem(null);
    setText('');
    onImport(parsed.form);
  };
  return (
    <section className="json-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import JSON</h2>
      <label htmlFor={id}>Paste a form's JSON</label>
      <textarea
        id={id}
        rows={6}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
      />
      <Button variant="secondary" onClick={importText}>
        Import JSON
      </Button>
      {problem ? (
        <p className="error-message" role="alert">
          Error: {problem}
        </p>
      ) : null}
    </section>
  );
}
