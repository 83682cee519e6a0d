import { Link, useParams } from 'react-router';
import { formatLocalDateTime } from '#domain/display-date.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useFormVersions } from './api/use-form-versions.ts';
import { DraftStatus } from './draft-status.tsx';
import { MappedMigration } from './mapped-migration.tsx';
import { MigrationHistory } from './migration-history.tsx';
import { VersionDiff } from './version-diff.tsx';
import './form-versions.css';

/**
 * Issue 12 (decision 100): one inventory type's published form versions: publish the builder's
 * draft, compare two versions, move records between versions or types with a field mapping, undo.
 */
export function FormVersionsScreen() {
  const { id = '' } = useParams();
  const query = useFormVersions(id);
  const name = query.data?.inventoryType?.name;
  usePageTitle(name ? `Versions of ${name}` : 'Form versions');
  const versions = query.data?.formVersions.versions ?? [];

  return (
    <div className="page form-versions">
      <p>
        <Link to="/admin?tab=inventory-types">← Back to Inventory Types</Link>
      </p>
      <h1>{name ? `Versions of ${name}` : 'Form versions'}</h1>
      {query.isPending ? (
        <Spinner label="Loading the versions..." showLabel />
      ) : query.isError ? (
        <Alert tone="error">{`Error fetching form versions: ${query.error.message}`}</Alert>
      ) : (
        <>
          <DraftStatus
            typeId={id}
            draftChanged={query.data.formVersions.draftChanged}
            latest={versions[0]?.number ?? null}
          />
          <section aria-labelledby="versions-heading" className="form-versions__section">
            <h2 id="versions-heading">Published versions</h2>
            {versions.length === 0 ? (
              <p>
                Not published yet. Records created before a first publish use the form as it is then, as
                version 1.
              </p>
            ) : (
              <section
                className="table-scroll"
                aria-label="Published versions (scrolls sideways)"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
                tabIndex={0}
              >
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Version</th>
                      <th scope="col">Published</th>
                      <th scope="col">Published by</th>
                      <th scope="col">Records</th>
                    </tr>
                  </thead>
                  <tbody>
                    {versions.map((version) => (
                      <tr key={version.number}>
                        <th scope="row">{`v${version.number}`}</th>
                        <td>{formatLocalDateTime(version.publishedAt)}</td>
                        <td>{version.publishedBy ?? 'First record (automatic)'}</td>
                        <td>{version.recordCount}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </section>
          {versions.length >= 2 ? <VersionDiff typeId={id} versions={versions.map((v) => v.number)} /> : null}
          {versions.some((version) => version.recordCount > 0) ? (
            <MappedMigration
              typeId={id}
              sourceVersions={versions.filter((v) => v.recordCount > 0).map((v) => v.number)}
            />
          ) : versions.length > 0 ? (
            <section aria-labelledby="migrate-heading" className="form-versions__section">
              <h2 id="migrate-heading">Migrate records to another version or type</h2>
              <p>No records use a version of this type yet: there is nothing to migrate.</p>
            </section>
          ) : null}
          <MigrationHistory typeId={id} />
        </>
      )}
    </div>
  );
}
