import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { SECTION_TITLE_REQUIRED } from './formbuilder-messages.ts';

/** admin-app §2 "Add Section": a titled section at the end of the form; Enter adds it too. */
export function AddSection({ onAdd }: { onAdd: (title: string) => void }) {
  const ids = useId();
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const trimmed = title.trim();
    if (trimmed === '') return setProblem(SECTION_TITLE_REQUIRED);
    setProblem(null);
    onAdd(trimmed);
    setTitle('');
  };

  return (
    <section className="add-section" aria-labelledby={`${ids}-add-section`}>
      <h2 id={`${ids}-add-section`}>Add Section</h2>
      <label htmlFor={`${ids}-section-title`}>Section title</label>
      <div className="add-section__row">
        <input
          id={`${ids}-section-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add}>
          Add Section
        </Button>
      </div>
      {problem ? (
        <p className="error-message" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
