import './admin-report.css';
import { useState } from 'react';
import { defaultModel, modelChoices } from '#domain/report-models.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { generatedOnText } from '#web/lib/report-word/download-report.ts';
import {
  GENERATED_MESSAGE,
  generateFailedMessage,
  NO_GENERATIONS_MESSAGE,
  NO_SELECTION_MESSAGE,
} from './admin-report-messages.ts';
import { generateReport } from './api/generate-report.ts';
import {
  type ReportGeneration,
  useRefreshReportGenerations,
  useReportGenerations,
} from './api/use-report-generations.ts';
import { GenerationViewer } from './generation-viewer.tsx';

/** customer-app §2 Record, generations select: "{date} - {model}". */
export function generationLabel(generation: ReportGeneration): string {
  return `${generatedOnText(generation.dateGenerated)} - ${generation.model ?? 'N/A'}`;
}

/**
 * customer-app §2 Record "Admin-only area": the AI model select, "Generate New Report" with its
 * spinner, the generations select, and the selected generation's text with Edit/Save/Cancel and
 * "Download as Word". Rendered for admins only; the server refuses everyone else regardless.
 */
export function RecordAdminReport({ recordId }: { recordId: string }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return <AdminReportArea recordId={recordId} />;
}

function AdminReportArea({ recordId }: { recordId: string }) {
  const { getIdToken } = useAuth();
  const { showToast } = useToast();
  const query = useReportGenerations(recordId, true);
  const refresh = useRefreshReportGenerations(recordId);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [editing, setEditing] = useState(false);

  const typeModel = query.data?.inventoryType.model ?? null;
  const model = chosenModel ?? defaultModel(typeModel);
  const generations = query.data?.reportGenerations ?? [];
  // The newest generation is shown until the admin chooses another (or none: the empty choice).
  const selected =
    selectedId === '' ? undefined : (generations.find((g) => g.id === selectedId) ?? generations[0]);

  const generate = async () => {
    setGenerating(true);
    try {
      const { generation } = await generateReport({ reportId: recordId, model }, getIdToken);
      await refresh();
      if (!editing) setSelectedId(generation.id);
      showToast(GENERATED_MESSAGE, 'success');
    } catch (error) {
      showToast(generateFailedMessage(error instanceof Error ? error.message : ''), 'error');
    } finally {
      setGenerating(false);
    }
  };

  return (
    <section className="admin-report" aria-labelledby="admin-report-title">
      <div className="admin-report__header">
        <h2 id="admin-report-title">Reports</h2>
        <Badge>Admins only</Badge>
      </div>
      {query.isError ? <ErrorMessage message={query.error.message} /> : null}

      <div className="admin-report__controls">
        <div className="admin-report__field">
          <label htmlFor="admin-report-model">AI model</label>
          <select
            id="admin-report-model"
            value={model}
            onChange={(event) => setChosenModel(event.currentTarget.value)}
            disabled={generating}
          >
            {modelChoices(typeModel).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
        <Button
          onClick={() => void generate()}
          disabled={generating || query.isPending}
          aria-busy={generating}
        >
          Generate New Report
        </Button>
        {generating ? <Spinner label="Generating a new report..." showLabel /> : null}
      </div>

      <div className="admin-report__field">
        <label htmlFor="admin-report-generation">Report generations</label>
        <select
          id="admin-report-generation"
          value={selected?.id ?? ''}
          onChange={(event) => setSelectedId(event.currentTarget.value)}
          disabled={editing || generations.length === 0}
        >
          {generations.length === 0 ? (
            <option value="">N/A</option>
          ) : (
            <option value="">Select a report</option>
          )}
          {generations.map((generation) => (
            <option key={generation.id} value={generation.id}>
              {generationLabel(generation)}
            </option>
          ))}
        </select>
      </div>

      {query.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : generations.length === 0 ? (
        <p className="admin-report__empty">{NO_GENERATIONS_MESSAGE}</p>
      ) : selected ? (
        <GenerationViewer
          key={selected.id}
          recordId={recordId}
          generation={selected}
          editing={editing}
          onEditingChange={setEditing}
        />
      ) : (
        <p className="admin-report__empty">{NO_SELECTION_MESSAGE}</p>
      )}
    </section>
  );
}
