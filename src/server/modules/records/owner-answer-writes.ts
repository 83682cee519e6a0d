import type { RecordFacts } from '#domain/permissions.ts';
import type { Answers } from '#domain/record-answers.ts';
import { isUuid } from '../../db/uuid.ts';
import { fail, type Result } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { RecordSaveModel } from './record-model.ts';
import * as records from './record-repository.ts';
import { saveRecordAnswers } from './record-service.ts';

/** What another module's policy decision needs of a record (issue 41: recordings), without its answers. */
export async function recordFactsOf(
  deps: ServiceDeps,
  id: string,
): Promise<(RecordFacts & { version: number }) | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await records.findRecordFacts(deps.database, id);
  return row
    ? {
        clientId: row.client,
        organizationId: row.organization_id,
        submitted: row.submitted,
        version: row.version,
      }
    : undefined;
}

/**
 * Issue 41 §7: the server writes answers for the record's owner (a recording's descriptor, its
 * transcript's progress) through the owner's own save path: the same merge, limits, refusal of a
 * submitted or erased record, and live update to every screen of the record. Based on the record's
 * current version, so only a newer write of the same key by someone else could make it conflict;
 * then it is read and tried again.
 */
export async function writeAnswersForOwner(
  deps: ServiceDeps,
  recordId: string,
  answers: Answers,
): Promise<Result<RecordSaveModel>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const facts = await recordFactsOf(deps, recordId);
    if (!facts?.clientId) return fail('NOT_FOUND', 'Record not found.');
    const owner = { userId: facts.clientId, organizationId: null, roles: [] };
    const saved = await saveRecordAnswers(
      deps,
      owner,
      { id: recordId, baseVersion: facts.version, answers },
      { returnData: false },
    );
    if (!saved.ok || saved.value.conflictingKeys.length === 0) return saved;
  }
  return fail('CONFLICT', 'The record kept changing; try again.');
}
