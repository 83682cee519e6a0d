import { z } from 'zod';
import { pageWindow } from '#domain/admin-lists.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { AnswerRead, RecordModel } from './record-model.ts';
import * as records from './record-page-repository.ts';
import { toRecordModel } from './record-service.ts';

const SORTS = {
  CLIENT: 'client',
  TYPE: 'type',
  ORGANIZATION: 'organization',
  CREATED_AT: 'createdAt',
  UPDATED_AT: 'updatedAt',
  SUBMITTED: 'submitted',
} as const satisfies Record<string, records.RecordSortColumn>;

const pageInput = z.object({
  search: z.string().max(200, 'The search may hold at most 200 characters.').nullish(),
  showUnassigned: z.boolean().nullish(),
  sort: z.enum(Object.keys(SORTS) as [keyof typeof SORTS]).nullish(),
  direction: z.enum(['ASCENDING', 'DESCENDING']).nullish(),
  page: z.number().int().nullish(),
  pageSize: z.number().int().nullish(),
});

export interface RecordPageModel {
  records: RecordModel[];
  totalCount: number;
  page: number;
  pageCount: number;
}

/**
 * The admin console's Records tab (issue 10): admins only; admin-app §5's search and unassigned
 * rule, sorting and paging done by the database, so the tab stays fast with 100,000 records.
 * Newest first unless another order is asked for.
 */
export async function pageRecords(
  deps: ServiceDeps,
  actor: Actor | null,
  input: unknown,
  options: { answers: AnswerRead },
): Promise<Result<RecordPageModel>> {
  const refused = refusal(decide(actor, 'records.listAll'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused || !actor) return refused ?? denial('unauthenticated');
  const parsed = pageInput.safeParse(input);
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid page request.');
  const sort = parsed.data.sort ?? 'CREATED_AT';
  const query: records.RecordsPageQuery = {
    search: parsed.data.search?.trim() ?? '',
    showUnassigned: parsed.data.showUnassigned ?? false,
    sort: SORTS[sort],
    descending: (parsed.data.direction ?? (parsed.data.sort ? 'ASCENDING' : 'DESCENDING')) === 'DESCENDING',
  };
  const totalCount = await records.countRecordsForPage(deps.database, query);
  const window = pageWindow(totalCount, parsed.data.page, parsed.data.pageSize);
  const rows = await records.pageOfRecords(deps.database, query, {
    limit: window.pageSize,
    offset: window.offset,
    answers: options.answers,
  });
  return ok({
    records: rows.map((row) => toRecordModel(row, actor)),
    totalCount,
    page: window.page,
    pageCount: window.pageCount,
  });
}
