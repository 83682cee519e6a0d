import type { QueryResolvers } from '../../graphql/generated-types.ts';
import { orThrow } from '../../graphql/graphql-errors.ts';
import { listPurchases, listSupportMessages } from './admin-activity-service.ts';

export const adminActivityQueries: Pick<QueryResolvers, 'purchases' | 'supportMessages'> = {
  purchases: async (_root, { limit }, { deps, viewer }) => orThrow(await listPurchases(deps, viewer, limit)),
  supportMessages: async (_root, { limit }, { deps, viewer }) =>
    orThrow(await listSupportMessages(deps, viewer, limit)),
};
