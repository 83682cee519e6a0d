import { decide } from '#domain/permissions.ts';
import { denial, refusal } from '../kernel/result.ts';
import { getOrganization } from '../modules/organizations/organization-service.ts';
import { listRecordsOfClient } from '../modules/records/record-service.ts';
import { pageUsers } from '../modules/users/user-page-service.ts';
import { listUsers, updateUser } from '../modules/users/user-service.ts';
import type { MutationResolvers, QueryResolvers, UserResolvers, ViewerResolvers } from './generated-types.ts';
import { orThrow } from './graphql-errors.ts';
import { readRecords, selectsAnswers } from './record-reads.ts';

export const userQueries: Pick<QueryResolvers, 'viewer' | 'users' | 'usersPage'> = {
  /** customer-app §7 call 1: the signed-in person (created on first sign-in, so always found). */
  viewer: (_root, _args, { viewer }) => {
    const refused = refusal(decide(viewer, 'viewer.read'));
    if (refused || !viewer) return orThrow(refused ?? denial('unauthenticated'));
    return viewer;
  },
  users: async (_root, _args, { deps, viewer }) => orThrow(await listUsers(deps, viewer)),
  usersPage: async (_root, { input }, { deps, viewer }) => orThrow(await pageUsers(deps, viewer, input)),
};

export const userMutations: Pick<MutationResolvers, 'updateUser'> = {
  updateUser: async (_root, { id, input }, { deps, viewer }) =>
    orThrow(await updateUser(deps, viewer, id, input)),
};

export const userResolvers: UserResolvers = {
  roles: async (user, _args, { loaders }) => (await loaders.userRoles(user.id)) ?? [],
};

export const viewerResolvers: ViewerResolvers = {
  id: (viewer) => viewer.userId,
  /** Members see their own organization (src/domain/permissions.ts decideOrganization 'read'). */
  organization: async (viewer, _args, { deps }) => {
    if (!viewer.organizationId) return null;
    const organization = await getOrganization(deps, viewer, viewer.organizationId);
    return organization.ok ? organization.value : null;
  },
  roles: (viewer) => [...viewer.roles],
  records: async (viewer, _args, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        listRecordsOfClient(context.deps, viewer, viewer.userId, answers),
      ),
    ),
};
