import { reportFileName } from '#domain/report-document.ts';
import { saveFile } from '../save-file.ts';

export { REVOKE_AFTER_MS } from '../save-file.ts';

/** A generation's date as the footer shows it: the browser's local date and time. */
export function generatedOnText(dateGenerated: string): string {
  const date = new Date(dateGenerated);
  return Number.isNaN(date.getTime()) ? dateGenerated : date.toLocaleString();
}

/**
 * Builds the generation's Word file in the browser (admin-app §7 "no call beyond the query") and
 * hands it to the browser's download. The docx builder is imported only now (DESIGN §2: the Word
 * export is lazy-loaded).
 */
export async function downloadReport(generation: { response: string; dateGenerated: string }): Promise<void> {
  const { reportDocxBlob } = await import('./report-docx.ts');
  const blob = await reportDocxBlob(generation.response, generatedOnText(generation.dateGenerated));
  saveFile(blob, reportFileName(generation.dateGenerated));
}
