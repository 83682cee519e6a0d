import { useId, useState } from 'react';
import { diffForms, formsDiffer } from '#domain/form-version-diff.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useVersionForms } from './api/use-form-versions.ts';

/** Two versions side by side as a readable list: fields added, removed, changed (issue 12). */
export function VersionDiff({ typeId, versions }: { typeId: string; versions: readonly number[] }) {
  const [from, setFrom] = useState(versions[1] ?? 1);
  const [to, setTo] = useState(versions[0] ?? 1);
  const fromId = useId();
  const toId = useId();
  const [before, after] = useVersionForms([
    { typeId, number: from },
    { typeId, number: to },
  ]);
  const diff = before?.data && after?.data ? diffForms(before.data, after.data) : null;
  const failed = before?.error ?? after?.error;

  const picker = (id: string, label: string, value: number, onChange: (value: number) => void) => (
    <div className="form-versions__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {versions.map((number) => (
          <option key={number} value={number}>{`v${number}`}</option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby="diff-heading" className="form-versions__section">
      <h2 id="diff-heading">Compare versions</h2>
      <div className="form-versions__row">
        {picker(fromId, 'From', from, setFrom)}
        {picker(toId, 'To', to, setTo)}
      </div>
      {failed ? (
        <Alert tone="error">{`Error fetching form: ${failed.message}`}</Alert>
      ) : !diff ? (
        <Spinner label="Loading the versions..." showLabel />
      ) : !formsDiffer(diff) ? (
        <p>{`v${from} and v${to} ask the same questions.`}</p>
      ) : (
        <div className="form-versions__diff" aria-live="polite">
          <DiffList
            title={`Added in v${to}`}
            items={diff.added.map(
              (field) => `${field.label} (${field.id}, ${field.type}) in "${field.sectionTitle}"`,
            )}
          />
          <DiffList
            title={`Removed in v${to}`}
            items={diff.removed.map(
              (field) =>
                `${field.label} (${field.id}, ${field.type}) from "${field.sectionTitle}": answers to it stay in the records`,
            )}
          />
          <DiffList
            title="Changed"
            items={diff.changed.map((field) => `${field.label} (${field.id}): ${field.changes.join('; ')}`)}
          />
          <DiffList title="Sections" items={diff.sections} />
        </div>
      )}
    </section>
  );
}

function DiffList({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3>{`${title} (${items.length})`}</h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
