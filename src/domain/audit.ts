/**
 * Issue 29 (decision 122): what the audit records, and how the person whose answers they are reads
 * it. Shared by the server (which writes and pages entries) and the client (which shows them).
 */
export const AUDIT_ACTIONS = [
  // Answers or report text reached someone other than the record's owner.
  'record.read',
  'report.read',
  'report.download',
  // Answers were sent to an outside model.
  'report.generate',
  'narrative.generate',
  // Issue 41 §3: a recording of the record was played by someone other than its owner.
  'recording.play',
  // Issue 41 §5: a recording was sent to an outside transcription service (with the owner's consent).
  'recording.transcribe',
  // The owner's own choices about an outside AI (issue 29 §3).
  'ai-consent.given',
  'ai-consent.withdrawn',
  // Issue 42 §4: the owner made a book of their record, one action per format.
  'book.pdf',
  'book.docx',
  'book.epub',
  // Issue 43 §6: the owner's reminder setting changed (set, snoozed, turned off from a mail).
  'reminders.set',
  'reminders.snoozed',
  'reminders.unsubscribed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntryFacts {
  action: string;
  actorName: string | null;
  actorRole: string;
  actorOrganization: string | null;
  model: string | null;
}

/**
 * issue 29 §2: what happened, in the owner's words ("generated a report with gpt-4o-mini"), or,
 * for the console, about "the" record rather than "your" record.
 */
export function auditActionText(
  entry: Pick<AuditEntryFacts, 'action' | 'model'>,
  whose: 'your' | 'the' = 'your',
): string {
  switch (entry.action) {
    case 'record.read':
      return `opened ${whose} record`;
    case 'report.read':
      return `read a report of ${whose} record`;
    case 'report.download':
      return 'downloaded a report';
    case 'report.generate':
      return entry.model ? `generated a report with ${entry.model}` : 'generated a report';
    case 'narrative.generate':
      return `sent ${whose === 'your' ? 'your' : 'their'} wizard answers to ${entry.model ?? 'an AI service'}`;
    case 'recording.play':
      return `played a recording of ${whose} record`;
    case 'recording.transcribe':
      return `sent a recording to ${entry.model ?? 'an AI service'} for a transcript`;
    case 'ai-consent.given':
      return 'allowed an AI service to draft a report';
    case 'ai-consent.withdrawn':
      return 'withdrew the permission for an AI service';
    case 'book.pdf':
      return `made a book of ${whose} record (PDF)`;
    case 'book.docx':
      return `made a book of ${whose} record (Word)`;
    case 'book.epub':
      return `made a book of ${whose} record (EPUB)`;
    case 'reminders.set':
      return `changed the reminders of ${whose} record`;
    case 'reminders.snoozed':
      return `snoozed the reminders of ${whose} record for a week`;
    case 'reminders.unsubscribed':
      return `turned off the reminders of ${whose} record from a reminder mail`;
    default:
      return entry.action;
  }
}

/** issue 29 §2: who ("{name}, admin"; "{name}, {organization}"; "You" for the owner's own choices). */
export function auditActorText(entry: AuditEntryFacts, ownerIsActor = false): string {
  if (ownerIsActor) return 'You';
  const name = entry.actorName?.trim() || 'Someone';
  if (entry.actorRole === 'admin') return `${name}, admin`;
  if (entry.actorOrganization) return `${name}, ${entry.actorOrganization}`;
  return name;
}

export interface ShownAuditEntry {
  id: string;
  at: string;
  who: string;
  what: string;
}

/**
 * issue 29 §2: the owner's list reads better without a line per screen refresh: entries next to
 * each other with the same who and what become one line (the newest's time) with how many there were.
 */
export function collapseRepeats<T extends ShownAuditEntry>(entries: readonly T[]): (T & { times: number })[] {
  const lines: (T & { times: number })[] = [];
  for (const entry of entries) {
    const last = lines.at(-1);
    if (last && last.who === entry.who && last.what === entry.what) last.times += 1;
    else lines.push({ ...entry, times: 1 });
  }
  return lines;
}

/** One line of the owner's folded list: a reader, a day, and everything they did that day. */
export interface ReaderDayLine {
  /** The newest entry's id and time (the line's key, and its `<time>`). */
  id: string;
  at: string;
  day: string;
  who: string;
  /** "opened your record 3 times and generated a report". */
  what: string;
}

/**
 * Issue 44 §4: "Who has seen your record" with one line per reader and day, newest first, saying
 * what they did and how often ("opened your record 3 times and generated a report"). An admin
 * reading the report on the record's own screen is part of opening it, so on a day with an
 * "opened your record" the "read a report of your record" is not a line of its own. `dayOf` gives
 * an entry's day in the reader's time zone (the client's), so this stays pure.
 */
export function foldReadersByDay(
  entries: readonly ShownAuditEntry[],
  dayOf: (at: string) => string,
): ReaderDayLine[] {
  const opened = auditActionText({ action: 'record.read', model: null });
  const readReport = auditActionText({ action: 'report.read', model: null });
  const groups = new Map<string, { first: ShownAuditEntry; day: string; counts: Map<string, number> }>();
  // Entries come newest first; within a line, what they did reads oldest first.
  for (const entry of [...entries].reverse()) {
    const day = dayOf(entry.at);
    const key = `${entry.who}\n${day}`;
    const group = groups.get(key) ?? { first: entry, day, counts: new Map<string, number>() };
    group.first = entry;
    group.counts.set(entry.what, (group.counts.get(entry.what) ?? 0) + 1);
    groups.set(key, group);
  }
  const lines = [...groups.values()].map(({ first, day, counts }) => {
    if (counts.has(opened)) counts.delete(readReport);
    const parts = [...counts].map(([what, times]) => (times > 1 ? `${what} ${times} times` : what));
    return { id: first.id, at: first.at, day, who: first.who, what: joinInWords(parts) };
  });
  return lines.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

function joinInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The role a person acted in, for the entry: the strongest they hold. */
export function actingRole(roles: readonly string[]): string {
  for (const role of ['admin', 'customer', 'client']) if (roles.includes(role)) return role;
  return 'user';
}

/** An owner's list or an admin's page (issue 29 §5: paged by the server and bounded). */
export const MAX_AUDIT_PAGE_SIZE = 100;
export const AUDIT_PAGE_SIZE = 20;

/** issue 29 §3: the question on the record screen, and the server's refusal without a yes. */
export const aiConsentQuestion = (organization: string | null) =>
  `Allow ${organization ?? 'your organization'} to use an AI service to draft a report from your answers`;
export const AI_CONSENT_MISSING = 'This person has not agreed to AI processing of their answers.';
export const AI_CONSENT_OWNER_ONLY =
  'Only the person this record belongs to can give or withdraw this permission.';
