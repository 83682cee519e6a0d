import DataLoader from 'dataloader';
import type { AuditAction } from '#domain/audit.ts';
import { auditRecordReads } from '../modules/audit/audit-service.ts';
import type { GraphQLContext } from './graphql-context.ts';

/**
 * Issue 29 §1: the fields that carry a person's answers or a report's text (LifeRecord.data and
 * .report, ReportGeneration.response, RecordSave.data) wait here before they resolve. Every such
 * field of one operation (a list, a page, a subscription's event) is entered in one statement; if
 * it fails, the fields fail and the answers are not returned. The owner's own reads pass at once.
 */
const batchers = new WeakMap<GraphQLContext, DataLoader<string, true>>();

function batcherOf(context: GraphQLContext): DataLoader<string, true> {
  let batcher = batchers.get(context);
  if (!batcher) {
    batcher = new DataLoader<string, true>(
      async (keys) => {
        const viewer = context.viewer;
        if (!viewer) throw new Error('answers reached a field without a signed-in viewer');
        const reads = [...new Set(keys)].map((key) => {
          const [recordId = '', action] = key.split(' ');
          return { recordId, action: action as AuditAction };
        });
        await auditRecordReads(context.deps, { viewer, requestId: context.request?.id ?? null }, reads);
        return keys.map(() => true as const);
      },
      // Every event of a subscription is a read of its own: nothing is remembered between batches.
      { cache: false },
    );
    batchers.set(context, batcher);
  }
  return batcher;
}

/**
 * Resolves once the read is entered (or at once for the owner). `ownerId` undefined: not known
 * here, the statement looks it up (it never enters the owner's own reads either).
 */
export async function auditAnswerRead(
  context: GraphQLContext,
  recordId: string,
  ownerId: string | null | undefined,
  action: AuditAction,
): Promise<void> {
  // A credit (nobody's record yet) holds nobody's answers; the owner reads their own.
  if (ownerId === null || (ownerId !== undefined && ownerId === context.viewer?.userId)) return;
  await batcherOf(context).load(`${recordId} ${action}`);
}
