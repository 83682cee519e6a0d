import { z } from 'zod';
import { pageWindow } from '#domain/admin-lists.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { ADMINS_ONLY_MESSAGE, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { UserModel } from './user-model.ts';
import * as users from './user-repository.ts';

const SORTS = { NAME: 'name', EMAIL: 'email', ORGANIZATION: 'organization' } as const satisfies Record<
  string,
  users.UserSortColumn
>;

const pageInput = z.object({
  search: z.string().max(200, 'The search may hold at most 200 characters.').nullish(),
  sort: z.enum(['NAME', 'EMAIL', 'ORGANIZATION']).nullish(),
  direction: z.enum(['ASCENDING', 'DESCENDING']).nullish(),
  page: z.number().int().nullish(),
  pageSize: z.number().int().nullish(),
});

export interface UserPageModel {
  users: UserModel[];
  totalCount: number;
  page: number;
  pageCount: number;
  allRoles: users.RoleRow[];
}

/** The console's Users tab (issue 10): admins only, searched, sorted by name unless asked, paged. */
export async function pageUsers(
  deps: ServiceDeps,
  actor: Actor | null,
  input: unknown,
): Promise<Result<UserPageModel>> {
  const refused = refusal(decide(actor, 'users.list'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused) return refused;
  const parsed = pageInput.safeParse(input);
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid page request.');
  const search = parsed.data.search?.trim() ?? '';
  const totalCount = await users.countUsersForPage(deps.database, search);
  const window = pageWindow(totalCount, parsed.data.page, parsed.data.pageSize);
  const [rows, allRoles] = await Promise.all([
    users.pageOfUsers(deps.database, {
      search,
      sort: SORTS[parsed.data.sort ?? 'NAME'],
      descending: parsed.data.direction === 'DESCENDING',
      limit: window.pageSize,
      offset: window.offset,
    }),
    users.allRoles(deps.database),
  ]);
  return ok({ users: rows, totalCount, page: window.page, pageCount: window.pageCount, allRoles });
}
