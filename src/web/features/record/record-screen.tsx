import './record.css';
import { useParams } from 'react-router';
import type { FormTemplate } from '#domain/form-template.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRecordLoad } from './api/use-record-load.ts';
import { RecordEditor } from './record-editor.tsx';
import { MISSING_RECORD_ID_MESSAGE } from './record-messages.ts';
import { isSignInRefused, SignInEndedNotice } from './sign-in-ended-notice.tsx';

/** customer-app §2 Record (route /record/{id}): "Loading..." while loading, "Error: ..." on failure. */
export function RecordScreen() {
  const { id } = useParams();
  if (!id) {
    return (
      <div className="page record-screen">
        <ErrorMessage message={MISSING_RECORD_ID_MESSAGE} />
      </div>
    );
  }
  return <RecordLoader key={id} recordId={id} />;
}

function RecordLoader({ recordId }: { recordId: string }) {
  const load = useRecordLoad(recordId);
  const record = load.data?.record;
  usePageTitle(record?.inventoryType.name ?? 'Record');

  if (load.error) {
    return (
      <div className="page record-screen">
        {/* Issue 26 §1: a sign-in that ended elsewhere offers signing in, not a dead end. */}
        {isSignInRefused(load.error) ? (
          <SignInEndedNotice onLoad />
        ) : (
          <ErrorMessage message={load.error.message} />
        )}
      </div>
    );
  }
  if (!load.data || !record) {
    return (
      <div className="page page-loading">
        <Spinner label="Loading..." showLabel />
      </div>
    );
  }
  // The server resolved and checked the record's form (decision 060), so it is used as it is.
  const template = record.form.template as FormTemplate | null | undefined;
  if (!template) {
    return (
      <div className="page record-screen">
        <ErrorMessage message={record.form.problem ?? 'This record has no form.'} />
      </div>
    );
  }
  return (
    // One sync engine per record and person (use-record-sync.ts): a new person gets a new editor;
    // a record migrated to another form version while open keeps its editor (issue 26 §3).
    <RecordEditor
      key={load.data.owner}
      record={record}
      form={template}
      restored={load.data.restored}
      viewerSub={load.data.owner}
    />
  );
}
