import { listPurchases, listSupportMessages } from '../modules/admin-activity/admin-activity-service.ts';
import type { QueryResolvers } from './generated-types.ts';
import { orThrow } from './graphql-errors.ts';

export const adminActivityQueries: Pick<QueryResolvers, 'purchases' | 'supportMessages'> = {
  purchases: async (_root, { limit }, { deps, viewer }) => orThrow(await listPurchases(deps, viewer, limit)),
  supportMessages: async (_root, { limit }, { deps, viewer }) =>
    orThrow(await listSupportMessages(deps, viewer, limit)),
};
