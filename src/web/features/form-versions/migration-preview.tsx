import { answerSlots } from '#domain/form-answer-keys.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import type { PreviewRecordMigrationQuery } from '#web/gql/graphql.ts';

type Preview = PreviewRecordMigrationQuery['previewRecordMigration'];
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What a migration would do, before it is done: how many records, which answers move or stay. */
export function MigrationPreview({
  preview,
  source,
  target,
  sourceLabel,
  targetLabel,
}: {
  preview: Preview;
  source: FormTemplate;
  target: FormTemplate;
  sourceLabel: string;
  targetLabel: string;
}) {
  const sourceLabels = new Map(answerSlots(source).map((slot) => [slot.key, slot.label]));
  const targetLabels = new Map(answerSlots(target).map((slot) => [slot.key, slot.label]));
  return (
    <div className="form-versions__preview" role="status">
      <h3>Preview</h3>
      <p>{`${plural(preview.records, 'record')} of ${sourceLabel} would move to ${targetLabel}.`}</p>
      {preview.submittedLeftOut > 0 ? (
        <p>{`${plural(preview.submittedLeftOut, 'submitted record')} left out: tick "Also migrate submitted records" to move them too.`}</p>
      ) : null}
      {preview.carried.length > 0 ? (
        <>
          <h4>Answers that move</h4>
          <ul>
            {preview.carried.map((entry) => (
              <li key={`${entry.from}>${entry.to}`}>
                {`${sourceLabels.get(entry.from) ?? entry.from} → ${targetLabels.get(entry.to) ?? entry.to}: ${plural(entry.answers, 'answer')}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.leftBehind.length > 0 ? (
        <>
          <h4>Answers not carried over</h4>
          <p>
            They are not deleted: they stay in each record's data, readable in datasync and in the person's
            data export, and the migration can be undone.
          </p>
          <ul>
            {preview.leftBehind.map((entry) => (
              <li key={`${entry.key}>${entry.reason}`}>
                {`${sourceLabels.get(entry.key) ?? entry.key} (${entry.key}): ${entry.reason}, ${plural(entry.answers, 'answer')}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
