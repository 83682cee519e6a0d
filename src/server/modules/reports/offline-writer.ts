import { OFFLINE_MODEL } from '#domain/report-models.ts';
import type { DraftSection, ReportWriter } from './report-writer.ts';

/** The first line of every offline draft: nobody may take it for a model's work (DESIGN §1). */
export const OFFLINE_DRAFT_LABEL = '**Offline draft — no AI model was used**';
export const OFFLINE_DRAFT_NOTE =
  'This draft lists the answers as they were given. An AI-written report needs an AI model, ' +
  'which this server does not have configured.';

function sectionText(section: DraftSection): string {
  return [`**${section.title}**`, ...section.sentences].join('\n');
}

/**
 * The offline generator (DESIGN §1): a deterministic draft, the same answers always giving the
 * same text, in the report format the Word download understands (headings as `**…**` lines,
 * sentences on lines of their own, sections apart by a blank line).
 */
export const offlineWriter: ReportWriter = {
  kind: 'offline',
  async write(request) {
    const sections = [...request.draft.sections, ...(request.draft.closing ?? [])];
    const text = [`${OFFLINE_DRAFT_LABEL}\n${OFFLINE_DRAFT_NOTE}`, ...sections.map(sectionText)].join('\n\n');
    return { ok: true, text, model: OFFLINE_MODEL };
  },
};
