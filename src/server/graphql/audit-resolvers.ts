import { auditActionText, auditActorText } from '#domain/audit.ts';
import { pageAllAudit, pageOwnAudit } from '../modules/audit/audit-service.ts';
import { openGenerationForDownload } from '../modules/records/open-records.ts';
import { setAiConsent } from '../modules/records/record-consent-service.ts';
import type { AuditEntryResolvers, MutationResolvers, QueryResolvers } from './generated-types.ts';
import type { GraphQLContext } from './graphql-context.ts';
import { orThrow } from './graphql-errors.ts';

/** The request an audit entry is written for (issue 29 §1: who, and the request's id). */
const auditRequest = ({ viewer, request }: GraphQLContext) =>
  viewer && { viewer, requestId: request?.id ?? null };

export const auditQueries: Pick<QueryResolvers, 'myAudit' | 'auditPage'> = {
  myAudit: async (_root, { input }, { deps, viewer }) => orThrow(await pageOwnAudit(deps, viewer, input)),
  auditPage: async (_root, { input }, { deps, viewer }) => orThrow(await pageAllAudit(deps, viewer, input)),
};

export const auditMutations: Pick<MutationResolvers, 'setAiConsent' | 'downloadReportGeneration'> = {
  setAiConsent: async (_root, args, context) =>
    orThrow(await setAiConsent(context.deps, auditRequest(context), args)),
  downloadReportGeneration: async (_root, { id }, context) =>
    orThrow(await openGenerationForDownload(context.deps, auditRequest(context), id)),
};

/** Issue 29 §2: each entry in the words of the person whose answers they were. */
export const auditEntryResolvers: AuditEntryResolvers = {
  who: (entry) => auditActorText(entry, entry.actorId !== null && entry.actorId === entry.subjectId),
  what: (entry) => auditActionText(entry),
};
