import { formatLocalDateTime } from '#domain/display-date.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useMigrationBatches, useMigrationTargets, useUndoMigration } from './api/use-form-versions.ts';

/** The latest migrations out of or into this type, each undoable until undone (also after a reload). */
export function MigrationHistory({ typeId }: { typeId: string }) {
  const batches = useMigrationBatches(typeId);
  const targets = useMigrationTargets();
  const undo = useUndoMigration();
  const rows = batches.data ?? [];
  if (rows.length === 0) return null;
  const nameOf = (id: string) => targets.data?.find((type) => type.id === id)?.name ?? 'another type';
  return (
    <section aria-labelledby="history-heading" className="form-versions__section">
      <h2 id="history-heading">Recent migrations</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section className="table-scroll" aria-label="Recent migrations (scrolls sideways)" tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Records</th>
              <th scope="col">Undo</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((batch) => (
              <tr key={batch.batchId}>
                <th scope="row">{formatLocalDateTime(batch.createdAt)}</th>
                <td>{`${nameOf(batch.fromTypeId)} v${batch.fromVersion}`}</td>
                <td>{`${nameOf(batch.toTypeId)} v${batch.toVersion}`}</td>
                <td>{batch.records}</td>
                <td>
                  {batch.undone ? (
                    'Undone'
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={undo.isPending}
                      aria-label={`Undo the migration of ${formatLocalDateTime(batch.createdAt)}`}
                      onClick={() => undo.mutate(batch.batchId)}
                    >
                      Undo
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {undo.data ? <Alert tone="success">{undo.data.message}</Alert> : null}
      {undo.isError ? <Alert tone="error">{undo.error.message}</Alert> : null}
    </section>
  );
}
