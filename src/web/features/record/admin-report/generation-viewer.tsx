import { useState } from 'react';
import { hasReportText } from '#domain/report-document.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ReportText } from '#web/components/ui/report-text.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { downloadAuditedReport } from '#web/lib/report-word/audited-download.ts';
import {
  DOWNLOADED_MESSAGE,
  NO_REPORT_DATA_MESSAGE,
  NO_UPDATED_GENERATION_MESSAGE,
  SAVED_MESSAGE,
  saveFailedMessage,
  wordFailedMessage,
} from './admin-report-messages.ts';
import { type ReportGeneration, useUpdateReportGeneration } from './api/use-report-generations.ts';

interface GenerationViewerProps {
  recordId: string;
  generation: ReportGeneration;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/**
 * One generation (customer-app §4 "Generation editing": viewing → Edit → editing → Save or Cancel
 * → viewing), with "Download as Word". The draft is the admin's own until saved: a live update of
 * the same generation does not replace what they are typing.
 */
export function GenerationViewer({ recordId, generation, editing, onEditingChange }: GenerationViewerProps) {
  const { showToast } = useToast();
  const client = useGraphQLClient();
  const update = useUpdateReportGeneration(recordId);
  const [draft, setDraft] = useState(generation.response);
  const [downloading, setDownloading] = useState(false);

  const edit = () => {
    setDraft(generation.response);
    onEditingChange(true);
  };
  const save = async () => {
    try {
      const updated = await update.mutateAsync({ id: generation.id, response: draft });
      if (!updated) {
        showToast(NO_UPDATED_GENERATION_MESSAGE, 'error');
        return;
      }
      showToast(SAVED_MESSAGE, 'success');
      onEditingChange(false);
    } catch (error) {
      showToast(saveFailedMessage(error instanceof Error ? error.message : String(error)), 'error');
    }
  };
  const download = async () => {
    if (!hasReportText(generation.response)) {
      showToast(NO_REPORT_DATA_MESSAGE, 'error');
      return;
    }
    setDownloading(true);
    try {
      // Issue 29 §1: the server enters the download before it gives the text for the document.
      await downloadAuditedReport(client, generation.id, NO_REPORT_DATA_MESSAGE);
      showToast(DOWNLOADED_MESSAGE, 'success');
    } catch (error) {
      showToast(wordFailedMessage(error instanceof Error ? error.message : String(error)), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="generation">
      {editing ? (
        <div className="admin-report__field">
          <label htmlFor="generation-text">Report text</label>
          <textarea
            id="generation-text"
            className="generation__editor"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            rows={16}
          />
        </div>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a long report to scroll it
        <section className="generation__text" aria-label="Report text" tabIndex={0}>
          <ReportText text={generation.response} />
        </section>
      )}
      <div className="button-row generation__actions">
        {editing ? (
          <>
            <Button onClick={() => void save()} disabled={update.isPending} aria-busy={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={() => onEditingChange(false)} disabled={update.isPending}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={edit}>
            Edit
          </Button>
        )}
        <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
          Download as Word
        </Button>
      </div>
    </div>
  );
}
