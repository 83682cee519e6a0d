import { pageWindow } from '#domain/admin-lists.ts';
import { AUDIT_PAGE_SIZE, type AuditAction, actingRole, MAX_AUDIT_PAGE_SIZE } from '#domain/audit.ts';
import { auditPageInputSchema } from '#domain/audit-page-input.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import * as audit from './audit-repository.ts';

/** Who is reading or sending: a signed-in person (the identity module's Viewer fits). */
export interface AuditViewer extends Actor {
  name: string | null;
}

/** The request an entry is written for: its id ties the entry to the server's log line. */
export interface AuditRequest {
  viewer: AuditViewer;
  requestId: string | null;
}

export type AuditEntryModel = audit.AuditEntryModel;

export interface AuditPageModel {
  entries: AuditEntryModel[];
  totalCount: number;
  page: number;
  pageCount: number;
}

function actorOf({ viewer, requestId }: AuditRequest): audit.AuditActor {
  return {
    actorId: viewer.userId,
    actorName: viewer.name,
    actorRole: actingRole(viewer.roles),
    organizationId: viewer.organizationId,
    requestId,
  };
}

/**
 * Issue 29 §1: records whose answers (or report text) are about to reach `request.viewer`. An
 * entry per record that is someone else's; the owner's own reads are not entries. Throws when the
 * entries cannot be written, so the caller returns nothing.
 */
export async function auditRecordReads(
  deps: ServiceDeps,
  request: AuditRequest,
  reads: readonly { recordId: string; action: AuditAction }[],
): Promise<void> {
  await audit.insertRecordEntries(deps.database, actorOf(request), reads);
}

/** Issue 29 §1: a record's answers are about to be sent to an outside model. */
export async function auditRecordSend(
  deps: ServiceDeps,
  request: AuditRequest,
  send: { recordId: string; action: AuditAction; provider: string; model: string },
): Promise<void> {
  await audit.insertRecordEntries(deps.database, actorOf(request), [send]);
}

/** An entry about the viewer's own answers: the wizard's sent to a model, a consent given or withdrawn. */
export async function auditOwnAction(
  deps: ServiceDeps,
  request: AuditRequest,
  entry: { recordId: string | null; action: AuditAction; provider?: string; model?: string },
): Promise<void> {
  await audit.insertEntry(deps.database, actorOf(request), { ...entry, subjectId: request.viewer.userId });
}

/**
 * Issue 29 §1 "a Word download": a generation's sealed text and the entry of its reading, from one
 * statement, so the text never leaves without the entry. Opened by records' door (open-records.ts).
 */
export function readSealedGenerationWithEntry(
  deps: ServiceDeps,
  request: AuditRequest,
  generationId: string,
  action: AuditAction,
) {
  return audit.readGenerationWithEntry(deps.database, actorOf(request), generationId, action);
}

function parsePage(input: unknown) {
  const parsed = auditPageInputSchema.safeParse(input ?? {});
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid page request.');
  const recordId = parsed.data.recordId?.trim() || null;
  if (recordId !== null && !isUuid(recordId)) return fail('BAD_USER_INPUT', 'recordId is not a record id.');
  return ok({ ...parsed.data, recordId, search: parsed.data.search?.trim() ?? '' });
}

function windowOf(total: number, page: number | null | undefined, pageSize: number | null | undefined) {
  return pageWindow(total, page, Math.min(pageSize ?? AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE));
}

/**
 * Issue 29 §2 "Who has seen your record": the entries about the signed-in person only (whoever
 * asks reads their own; nobody reads another person's, issue 29 §5), one record's when asked.
 */
export async function pageOwnAudit(
  deps: ServiceDeps,
  viewer: AuditViewer | null,
  input: unknown,
): Promise<Result<AuditPageModel>> {
  if (!viewer) return denial('unauthenticated');
  const parsed = parsePage(input);
  if (!parsed.ok) return parsed;
  const { recordId, page, pageSize } = parsed.value;
  // Counted first so a page past the end answers the last one, as the console's lists do.
  const first = await audit.entriesOfSubject(deps.database, {
    subjectId: viewer.userId,
    recordId,
    limit: 0,
    offset: 0,
  });
  const window = windowOf(first.total, page, pageSize);
  const { rows } = await audit.entriesOfSubject(deps.database, {
    subjectId: viewer.userId,
    recordId,
    limit: window.pageSize,
    offset: window.offset,
  });
  return ok({ entries: rows, totalCount: first.total, page: window.page, pageCount: window.pageCount });
}

/** Issue 29 §2: the console's Audit tab, admins only, searched by person and record, paged. */
export async function pageAllAudit(
  deps: ServiceDeps,
  actor: Actor | null,
  input: unknown,
): Promise<Result<AuditPageModel>> {
  const refused = refusal(decide(actor, 'audit.list'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused) return refused;
  const parsed = parsePage(input);
  if (!parsed.ok) return parsed;
  const { search, recordId, page, pageSize } = parsed.value;
  const first = await audit.pageOfEntries(deps.database, { search, recordId, limit: 0, offset: 0 });
  const window = windowOf(first.total, page, pageSize);
  const { rows } = await audit.pageOfEntries(deps.database, {
    search,
    recordId,
    limit: window.pageSize,
    offset: window.offset,
  });
  return ok({ entries: rows, totalCount: first.total, page: window.page, pageCount: window.pageCount });
}

/** Download my data (issue 29 §2): the newest entries about the person, at most this many. */
export const EXPORTED_AUDIT_ENTRIES = 10_000;

export async function auditOfPerson(deps: ServiceDeps, subjectId: string): Promise<AuditEntryModel[]> {
  const { rows } = await audit.entriesOfSubject(deps.database, {
    subjectId,
    recordId: null,
    limit: EXPORTED_AUDIT_ENTRIES,
    offset: 0,
  });
  return rows;
}

/** Issue 29 §3: whether each record's owner has agreed to an outside AI, and since when. */
export function aiConsentsOf(deps: ServiceDeps, recordIds: readonly string[]) {
  return audit.latestConsents(deps.database, recordIds);
}

/**
 * Issue 43 §2: the owner's own choice made without a session (the one-click unsubscribe of a
 * reminder mail, its signed token standing for the person).
 */
export async function auditOwnActionByLink(
  deps: ServiceDeps,
  entry: { ownerId: string; recordId: string; action: AuditAction; requestId: string | null },
): Promise<void> {
  await audit.insertEntry(
    deps.database,
    {
      actorId: entry.ownerId,
      actorName: null,
      actorRole: 'client',
      organizationId: null,
      requestId: entry.requestId,
    },
    { subjectId: entry.ownerId, recordId: entry.recordId, action: entry.action },
  );
}
