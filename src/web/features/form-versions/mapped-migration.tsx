import { useId, useMemo, useState } from 'react';
import {
  type AnswerMapping,
  findMappingProblems,
  mappingOf,
  proposeAnswerMapping,
} from '#domain/answer-mapping.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { RecordMigrationInput } from '#web/gql/graphql.ts';
import {
  useMigrateRecords,
  useMigrationTargets,
  usePreviewMigration,
  useTargetVersions,
  useUndoMigration,
  useVersionForms,
} from './api/use-form-versions.ts';
import { MappingTable } from './mapping-table.tsx';
import { MigrationPreview } from './migration-preview.tsx';

/**
 * Issue 12: records of one version move to another version or type. The mapping is proposed by
 * field id, then label; the admin edits it, previews what moves and what stays, migrates, and can
 * undo. Submitted records move only when asked.
 */
export function MappedMigration({
  typeId,
  sourceVersions,
}: {
  typeId: string;
  sourceVersions: readonly number[];
}) {
  const [sourceVersion, setSourceVersion] = useState(sourceVersions[sourceVersions.length - 1] ?? 1);
  const [targetTypeId, setTargetTypeId] = useState(typeId);
  const targets = useMigrationTargets();
  const targetVersions = useTargetVersions(targetTypeId);
  const [chosenTargetVersion, setTargetVersion] = useState<number | null>(null);
  const targetVersion =
    chosenTargetVersion !== null && targetVersions.data?.includes(chosenTargetVersion)
      ? chosenTargetVersion
      : (targetVersions.data?.[0] ?? null);
  const [includeSubmitted, setIncludeSubmitted] = useState(false);
  const [source, target] = useVersionForms([
    { typeId, number: sourceVersion },
    targetVersion === null ? null : { typeId: targetTypeId, number: targetVersion },
  ]);
  const proposals = useMemo(
    () => (source?.data && target?.data ? proposeAnswerMapping(source.data, target.data) : null),
    [source?.data, target?.data],
  );
  const choice = `${sourceVersion}|${targetTypeId}|${targetVersion}`;
  const [edited, setEdited] = useState<{ choice: string; mapping: AnswerMapping } | null>(null);
  const mapping = edited?.choice === choice ? edited.mapping : proposals ? mappingOf(proposals) : null;
  const problems =
    mapping && source?.data && target?.data ? findMappingProblems(mapping, source.data, target.data) : [];

  const input: RecordMigrationInput | null =
    mapping && targetVersion !== null
      ? {
          sourceTypeId: typeId,
          sourceVersion,
          targetTypeId,
          targetVersion,
          mapping: Object.entries(mapping).map(([from, to]) => ({ from, to })),
          includeSubmitted,
        }
      : null;
  const signature = JSON.stringify(input);
  const preview = usePreviewMigration();
  const [previewed, setPreviewed] = useState<string | null>(null);
  const migrate = useMigrateRecords();
  const undo = useUndoMigration();
  const ids = { source: useId(), type: useId(), version: useId(), submitted: useId() };
  const targetName = targets.data?.find((type) => type.id === targetTypeId)?.name ?? '';
  const previewIsCurrent = preview.data && previewed === signature;

  return (
    <section aria-labelledby="migrate-heading" className="form-versions__section">
      <h2 id="migrate-heading">Migrate records to another version or type</h2>
      <div className="form-versions__row">
        <div className="form-versions__field">
          <label htmlFor={ids.source}>Records of version</label>
          <select
            id={ids.source}
            value={sourceVersion}
            onChange={(event) => setSourceVersion(Number(event.target.value))}
          >
            {sourceVersions.map((number) => (
              <option key={number} value={number}>{`v${number}`}</option>
            ))}
          </select>
        </div>
        <div className="form-versions__field">
          <label htmlFor={ids.type}>Move to inventory type</label>
          <select
            id={ids.type}
            value={targetTypeId}
            onChange={(event) => setTargetTypeId(event.target.value)}
          >
            {(targets.data ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-versions__field">
          <label htmlFor={ids.version}>Target version</label>
          <select
            id={ids.version}
            value={targetVersion ?? ''}
            onChange={(event) => setTargetVersion(Number(event.target.value))}
            disabled={!targetVersions.data?.length}
          >
            {(targetVersions.data ?? []).map((number) => (
              <option key={number} value={number}>{`v${number}`}</option>
            ))}
          </select>
        </div>
      </div>
      {targetVersions.data?.length === 0 ? (
        <p>That inventory type has no published version yet: publish it first.</p>
      ) : source?.error || target?.error ? (
        <Alert tone="error">{`Error fetching form: ${(source?.error ?? target?.error)?.message}`}</Alert>
      ) : !proposals || !mapping || !source?.data || !target?.data ? (
        <Spinner label="Loading the forms..." showLabel />
      ) : (
        <>
          <MappingTable
            proposals={proposals}
            mapping={mapping}
            target={target.data}
            targetLabel={`${targetName} v${targetVersion}`}
            onChange={(key, to) => setEdited({ choice, mapping: { ...mapping, [key]: to } })}
          />
          {problems.length > 0 ? (
            <Alert tone="error">
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <p className="form-versions__check">
            <input
              id={ids.submitted}
              type="checkbox"
              checked={includeSubmitted}
              onChange={(event) => setIncludeSubmitted(event.target.checked)}
            />
            <label htmlFor={ids.submitted}>Also migrate submitted records</label>
          </p>
          <div className="form-versions__row">
            <Button
              variant="secondary"
              disabled={!input || problems.length > 0 || preview.isPending}
              onClick={() => {
                if (!input) return;
                setPreviewed(signature);
                migrate.reset();
                preview.mutate(input);
              }}
            >
              {preview.isPending ? 'Previewing...' : 'Preview migration'}
            </Button>
          </div>
          {preview.isError && previewed === signature ? (
            <Alert tone="error">{preview.error.message}</Alert>
          ) : null}
          {previewIsCurrent ? (
            <MigrationPreview
              preview={preview.data}
              source={source.data}
              target={target.data}
              sourceLabel={`v${sourceVersion}`}
              targetLabel={`${targetName} v${targetVersion}`}
            />
          ) : null}
          {previewIsCurrent && preview.data.records > 0 && !migrate.data ? (
            <Button
              disabled={migrate.isPending}
              onClick={() => {
                if (input) migrate.mutate(input);
              }}
            >
              {migrate.isPending
                ? 'Migrating...'
                : `Migrate ${preview.data.records} record${preview.data.records === 1 ? '' : 's'}`}
            </Button>
          ) : null}
          {migrate.isError ? <Alert tone="error">{migrate.error.message}</Alert> : null}
          {migrate.data ? (
            <div className="form-versions__outcome">
              <Alert tone="success">{migrate.data.message}</Alert>
              {migrate.data.batchId && !undo.data ? (
                <Button
                  variant="secondary"
                  disabled={undo.isPending}
                  onClick={() => {
                    const batchId = migrate.data?.batchId;
                    if (batchId) undo.mutate(batchId);
                  }}
                >
                  {undo.isPending ? 'Undoing...' : 'Undo this migration'}
                </Button>
              ) : null}
              {undo.data ? <Alert tone="success">{undo.data.message}</Alert> : null}
              {undo.isError ? <Alert tone="error">{undo.error.message}</Alert> : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
