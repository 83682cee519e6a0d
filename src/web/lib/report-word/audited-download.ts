import { graphql } from '#web/gql/gql.ts';
import type { GraphQLClient } from '../graphql-client.ts';
import { downloadReport } from './download-report.ts';

// Issue 29 §1: the text of a Word download comes from the server, which enters the download in the
// person's audit before it answers; the document is then built in the browser as before.
export const DownloadReportGenerationMutation = graphql(`
  mutation DownloadReportGeneration($id: ID!) {
    downloadReportGeneration(id: $id) {
      id
      dateGenerated
      response
    }
  }
`);

/** Asks for the generation's text as a download, then saves its Word document. */
export async function downloadAuditedReport(
  client: GraphQLClient,
  generationId: string,
  emptyMessage: string,
): Promise<void> {
  const { downloadReportGeneration } = await client.request(DownloadReportGenerationMutation, {
    id: generationId,
  });
  if (!downloadReportGeneration.response) throw new Error(emptyMessage);
  await downloadReport(downloadReportGeneration);
}
