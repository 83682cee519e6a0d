import { ApiRequestError, requestApi } from '#web/lib/api-request.ts';

export interface GeneratedReport {
  report: string;
  generation: { id: string; dateGenerated: string; model: string | null };
}

/**
 * customer-app §7 Report service: POST /api/reports with the record id and the chosen model. The
 * server builds the answers from the stored record (decision 081), so no `formData` is sent. A
 * failure carries the server's `error` text, or none (the screen then shows the spec's fallback).
 */
export async function generateReport(
  input: { reportId: string; model: string },
  getIdToken: () => Promise<string | null>,
): Promise<GeneratedReport> {
  try {
    return await requestApi<GeneratedReport>('/api/reports', getIdToken, { body: input });
  } catch (error) {
    throw new Error(error instanceof ApiRequestError ? (error.serverMessage ?? '') : '');
  }
}
