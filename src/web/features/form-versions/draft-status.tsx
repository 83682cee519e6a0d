import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { usePublishFormVersion } from '#web/lib/form-versions-api.ts';

/** Whether the builder's draft has changes, and "Publish" to make it the next version. */
export function DraftStatus({
  typeId,
  draftChanged,
  latest,
}: {
  typeId: string;
  draftChanged: boolean;
  latest: number | null;
}) {
  const publish = usePublishFormVersion();
  const { showToast } = useToast();
  const next = (latest ?? 0) + 1;
  return (
    <section aria-labelledby="draft-heading" className="form-versions__section">
      <h2 id="draft-heading">Draft</h2>
      <p>
        {draftChanged
          ? `The draft has changes that are not published. Records keep the version they were started on; new records will take version ${next} once it is published.`
          : `The draft is the same as version ${latest}.`}{' '}
        <Link to={`/formbuilder/${typeId}`}>Edit the draft in the form builder</Link>
      </p>
      {draftChanged ? (
        <Button
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(typeId, {
              onSuccess: ({ number }) => showToast(`Published as version ${number}.`, 'success'),
            })
          }
        >
          {publish.isPending ? 'Publishing...' : `Publish as version ${next}`}
        </Button>
      ) : null}
      {publish.isError ? <Alert tone="error">{publish.error.message}</Alert> : null}
    </section>
  );
}
