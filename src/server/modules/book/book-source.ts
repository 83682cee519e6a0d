import type { BookSource } from '#domain/book-model.ts';
import { BOOK_MESSAGES } from '#domain/book-request.ts';
import { type Actor, decideRecord, RECORD_NOT_FOUND_MESSAGE } from '#domain/permissions.ts';
import { formOfRecord } from '#domain/record-form.ts';
import { fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { formsOfVersions } from '../form-versions/form-version-service.ts';
import { actorReader, answersOf, openRecord } from '../records/open-records.ts';
import type { RecordModel } from '../records/record-model.ts';
import { getRecord } from '../records/record-service.ts';

/**
 * Issue 42: what a book is made from, read as the person reads their own record (the records
 * service, through the record vault: decision 130's one door to the plaintext), in the form version
 * the record is pinned to. Nothing is cached: every book reads the record as it is now.
 */
export interface BookRecordSource {
  readonly record: RecordModel;
  readonly source: BookSource;
}

export async function readBookSource(
  deps: ServiceDeps,
  actor: Actor,
  recordId: string,
): Promise<Result<BookRecordSource>> {
  const read = await getRecord(deps, actor, recordId);
  if (!read.ok) return read;
  const record = read.value;
  // Issue 42 §4: the person's own book, decided before the answers open (as book-service says).
  const refused = refusal(decideRecord(actor, 'makeBook', record), {
    notFound: RECORD_NOT_FOUND_MESSAGE,
    forbidden: BOOK_MESSAGES.notOwner,
  });
  if (refused) return refused;
  if (record.unreadable) return fail('CONFLICT', record.unreadable);
  const data = await openRecord(actorReader(deps, actor), answersOf(record), 'owner.use');
  const forms = await formsOfVersions(deps, [`${record.inventoryTypeId}/${record.formVersion}`]);
  const form = formOfRecord(forms.get(`${record.inventoryTypeId}/${record.formVersion}`), data);
  if (!form.ok) return fail('CONFLICT', form.error);
  // Issue 41 (decision 185): a voice answer's accepted transcript is in the typed answer already.
  return ok({ record, source: { form: form.form, data } });
}
