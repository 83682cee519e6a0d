import { postToService } from '#web/lib/service-request.ts';

export interface GeneratedReport {
  report: string;
  generation: { id: string; dateGenerated: string; model: string | null };
}

/**
 * customer-app §7 Report service: POST /api/reports with the record id and the chosen model. The
 * server builds the answers from the stored record (decision 081), so no `formData` is sent.
 */
export function generateReport(
  input: { reportId: string; model: string },
  getIdToken: () => Promise<string | null>,
): Promise<GeneratedReport> {
  return postToService<GeneratedReport>('/api/reports', input, { getIdToken });
}
