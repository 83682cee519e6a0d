import { useId, useState } from 'react';
import { migrationChoiceProblem } from '#domain/admin-inputs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { migrationFailedMessage } from './admin-messages.ts';
import { useMigrateRecords } from './api/whole-lists.ts';
import { ChoiceSelect } from './list/row-cells.tsx';

interface Outcome {
  ok: boolean;
  message: string;
}

/**
 * admin-app §2/§5 migration tool: unassigned records of the source type move to the target type.
 * Its result line is green on success and red otherwise; "Migrating..." while busy.
 */
export function MigrationTool({ types }: { types: { id: string; name: string }[] }) {
  const id = useId();
  const migrate = useMigrateRecords();
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = () => {
    const problem = migrationChoiceProblem(source, target);
    if (problem) {
      setOutcome({ ok: false, message: problem });
      return;
    }
    setOutcome(null);
    migrate.mutate(
      { sourceTypeId: source, targetTypeId: target },
      {
        onSuccess: (result) => setOutcome({ ok: result.updated > 0, message: result.message }),
        onError: (error) => setOutcome({ ok: false, message: migrationFailedMessage(error.message) }),
      },
    );
  };

  return (
    <section className="migration-tool" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Migrate Reports</h2>
      <p>Moves the unassigned records of one inventory type to another type's form.</p>
      <div className="migration-tool__fields">
        <TypeSelect id={`${id}-source`} end="source" types={types} value={source} onChange={setSource} />
        <TypeSelect id={`${id}-target`} end="target" types={types} value={target} onChange={setTarget} />
        <Button onClick={run} disabled={migrate.isPending}>
          {migrate.isPending ? 'Migrating...' : 'Migrate Reports'}
        </Button>
      </div>
      {outcome ? (
        <p
          className={
            outcome.ok
              ? 'migration-tool__result migration-tool__result--ok'
              : 'migration-tool__result migration-tool__result--failed'
          }
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      ) : null}
    </section>
  );
}

/** A labelled choice of inventory type: the source or the target of the migration. */
function TypeSelect({
  id,
  end,
  types,
  value,
  onChange,
}: {
  id: string;
  end: 'source' | 'target';
  types: { id: string; name: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{end === 'source' ? 'Source' : 'Target'} inventory type</label>
      <ChoiceSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        none={`Select ${end} type`}
        choices={types}
      />
    </>
  );
}
