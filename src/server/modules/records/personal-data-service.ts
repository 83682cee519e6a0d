import { auditActionText, auditActorText } from '#domain/audit.ts';
import { exportedRecordAnswers } from '#domain/personal-data.ts';
import { formOfRecord } from '#domain/record-form.ts';
import { denial, ok, type Result } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { auditOfPerson } from '../audit/audit-service.ts';
import { formsOfVersions } from '../form-versions/form-version-service.ts';
import type { Viewer } from '../identity/viewer.ts';
import { inventoryTypesOf } from '../inventory-types/inventory-type-service.ts';
import { actorReader, answersOf, openRecords } from './open-records.ts';
import { listRecordsOfClient } from './record-service.ts';

/**
 * The signed-in person's copy of everything they wrote (issue 12): their profile and every record
 * they own, each answer with its question, and answers no question asks any more (removed in a
 * later version, or not carried over by a migration) listed apart, never dropped.
 */
export async function exportPersonalData(deps: ServiceDeps, viewer: Viewer | null): Promise<Result<unknown>> {
  if (!viewer) return denial('unauthenticated');
  const owned = await listRecordsOfClient(deps, viewer, viewer.userId);
  if (!owned.ok) return owned;
  const records = owned.value;
  const keys = records.map((record) => `${record.inventoryTypeId}/${record.formVersion}`);
  const [forms, types, audit] = await Promise.all([
    formsOfVersions(deps, keys),
    inventoryTypesOf(
      deps,
      records.map((record) => record.inventoryTypeId),
    ),
    auditOfPerson(deps, viewer.userId),
  ]);
  return ok({
    exportedAt: new Date().toISOString(),
    person: { name: viewer.name, email: viewer.email },
    records: (await openRecords(actorReader(deps, viewer), records.map(answersOf), 'owner.use')).map(
      (data, i) => {
        const record = records[i] as (typeof records)[number];
        const form = formOfRecord(forms.get(`${record.inventoryTypeId}/${record.formVersion}`), data);
        return {
          id: record.id,
          type: types.get(record.inventoryTypeId)?.name ?? null,
          formVersion: record.formVersion,
          createdAt: record.createdAt,
          updatedAt: record.updatedAt,
          submitted: record.submitted,
          // Issue 30 §3: a record whose answers do not open says why instead of showing none.
          ...(record.unreadable ? { error: record.unreadable } : {}),
          ...exportedRecordAnswers(form.ok ? form.form : null, data),
        };
      },
    ),
    // Issue 29 §2 "Who has seen your record", newest first: in the person's words, with the facts.
    whoHasSeenYourRecords: audit.map((entry) => ({
      when: entry.at,
      who: auditActorText(entry, entry.actorId === viewer.userId),
      what: auditActionText(entry),
      recordId: entry.recordId,
      role: entry.actorRole,
      provider: entry.provider,
      model: entry.model,
      requestId: entry.requestId,
    })),
  });
}
