import { useId, useState } from 'react';
import type { FieldOption } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SortableList } from '#web/components/ui/sortable-list.tsx';

/**
 * admin-app §2/§5 options of a radio or checkbox field (or cell): added only when the text is not
 * blank after trimming, and then label equals value; removed; reordered by drag or keyboard.
 */
export function OptionsEditor({
  options,
  onChange,
  owner,
}: {
  options: FieldOption[];
  onChange: (options: FieldOption[]) => void;
  owner: string;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const add = () => {
    const value = text.trim();
    if (value === '') return setProblem('Type the option first.');
    if (options.some((option) => option.value === value))
      return setProblem(`"${value}" is already an option.`);
    onChange([...options, { label: value, value }]);
    setText('');
    setProblem(null);
  };
  return (
    <fieldset className="options-editor">
      <legend>Options of {owner}</legend>
      {options.length === 0 ? <p className="builder-hint">No options yet.</p> : null}
      <SortableList
        moveButtons
        items={options}
        idOf={(option) => `option-${option.value}`}
        describe={(option) => `option ${option.label}`}
        label={`Options of ${owner}`}
        onMove={(from, to) => {
          const next = [...options];
          const [moved] = next.splice(from, 1);
          if (moved) next.splice(to, 0, moved);
          onChange(next);
        }}
      >
        {(option, index, handle) => (
          <div className="options-editor__item">
            {handle}
            <span>{option.label}</span>
            <Button
              size="sm"
              variant="quiet"
              aria-label={`Remove option ${option.label}`}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </div>
        )}
      </SortableList>
      <div className="options-editor__add">
        <label htmlFor={inputId} className="visually-hidden">
          New option of {owner}
        </label>
        <input
          id={inputId}
          value={text}
          placeholder="New option"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button size="sm" variant="secondary" onClick={add}>
          Add Option
        </Button>
      </div>
      {problem ? (
        <p className="error-message" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
