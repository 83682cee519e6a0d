import { Link } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { usePublishFormVersion } from '#web/lib/form-versions-api.ts';

/**
 * The builder's actions (admin-app §2, §4; issue 12): Undo and Redo, Download JSON, Save (Update
 * once the form has an id), and for a saved form Publish and its Versions.
 */
export function BuilderToolbar({
  id,
  canUndo,
  canRedo,
  unsaved,
  saving,
  onUndo,
  onRedo,
  onDownload,
  onSave,
}: {
  id: string | undefined;
  canUndo: boolean;
  canRedo: boolean;
  unsaved: boolean;
  saving: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onDownload: () => void;
  onSave: () => void;
}) {
  return (
    <div className="formbuilder__toolbar">
      <Button variant="quiet" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
        Undo
      </Button>
      <Button variant="quiet" onClick={onRedo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
        Redo
      </Button>
      <Button variant="secondary" onClick={onDownload}>
        Download JSON
      </Button>
      <Button onClick={onSave} disabled={saving}>
        {saving ? 'Saving...' : id ? 'Update Form' : 'Save Form'}
      </Button>
      {id ? <PublishActions id={id} unsaved={unsaved} saving={saving} /> : null}
    </div>
  );
}

/** Issue 12: Publish makes the saved draft the next version; started records keep theirs. */
function PublishActions({ id, unsaved, saving }: { id: string; unsaved: boolean; saving: boolean }) {
  const publish = usePublishFormVersion();
  const { showToast } = useToast();
  return (
    <>
      <Button
        variant="accent"
        disabled={publish.isPending || unsaved || saving}
        title={unsaved ? 'Save the form first: Publish makes the saved draft the next version.' : undefined}
        onClick={() =>
          publish.mutate(id, {
            onSuccess: ({ number }) =>
              showToast(
                `Published as version ${number}. New records take it; started ones keep theirs.`,
                'success',
              ),
            onError: (error) => showToast(error.message, 'error'),
          })
        }
      >
        {publish.isPending ? 'Publishing...' : 'Publish'}
      </Button>
      <Link to={`/formversions/${id}`} className={buttonClassName('quiet')}>
        Versions
      </Link>
    </>
  );
}
