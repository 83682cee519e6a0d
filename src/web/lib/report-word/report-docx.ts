import { AlignmentType, Document, Footer, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { REPORT_TITLE, type ReportRun, reportBlocks, reportFooterText } from '#domain/report-document.ts';

// Loaded only when an admin downloads (download-report.ts imports this file dynamically): the docx
// package stays out of the record screen's own chunk (DESIGN §2).

function lineRuns(runs: ReportRun[], breakBefore: boolean): TextRun[] {
  // admin-app §9 "newlines become line breaks": a break before the first run of every later line.
  return runs.map(
    (run, index) =>
      new TextRun({ text: run.text, bold: run.bold, ...(breakBefore && index === 0 ? { break: 1 } : {}) }),
  );
}

/**
 * The Word document of a generation (admin-app §9): titled "Trauma Resources Report", `**…**`
 * lines as headings, newlines as line breaks, the footer "Generated on: {date}". Text goes into
 * the document as text runs, which docx writes as escaped XML text: nothing in a report is ever
 * read as markup.
 */
export function reportDocument(text: string, generatedOn: string): Document {
  const body = reportBlocks(text).map((block) =>
    block.kind === 'heading'
      ? new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_1 })
      : new Paragraph({ children: block.lines.flatMap((runs, index) => lineRuns(runs, index > 0)) }),
  );
  return new Document({
    title: REPORT_TITLE,
    creator: 'Life Record',
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({ text: reportFooterText(generatedOn), alignment: AlignmentType.CENTER }),
            ],
          }),
        },
        children: [new Paragraph({ text: REPORT_TITLE, heading: HeadingLevel.TITLE }), ...body],
      },
    ],
  });
}

/** The .docx file as a Blob for the browser's download. */
export function reportDocxBlob(text: string, generatedOn: string): Promise<Blob> {
  return Packer.toBlob(reportDocument(text, generatedOn));
}
