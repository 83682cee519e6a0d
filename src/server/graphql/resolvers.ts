import type { IResolvers } from 'mercurius';
import { adminActivityQueries } from '../modules/admin-activity/admin-activity-resolvers.ts';
import { formVersionMutations, formVersionQueries } from '../modules/form-versions/form-version-resolvers.ts';
import {
  inventoryTypeMutations,
  inventoryTypeQueries,
  inventoryTypeResolvers,
} from '../modules/inventory-types/inventory-type-resolvers.ts';
import {
  organizationMutations,
  organizationQueries,
  organizationResolvers,
} from '../modules/organizations/organization-resolvers.ts';
import { productMutations, productQueries, productResolvers } from '../modules/products/product-resolvers.ts';
import {
  lifeRecordResolvers,
  recordMutations,
  recordQueries,
  recordSaveResolvers,
  recordSubscriptions,
} from '../modules/records/record-resolvers.ts';
import {
  userMutations,
  userQueries,
  userResolvers,
  viewerResolvers,
} from '../modules/users/user-resolvers.ts';
import type { Resolvers } from './generated-types.ts';
import { DateTimeScalar, JsonScalar } from './scalars.ts';

/** Every resolver of schema.graphql, typed from it (`npm run codegen`); the modules own their parts. */
export const resolvers = {
  DateTime: DateTimeScalar,
  JSON: JsonScalar,
  Query: {
    ...userQueries,
    ...recordQueries,
    ...productQueries,
    ...inventoryTypeQueries,
    ...organizationQueries,
    ...adminActivityQueries,
    ...formVersionQueries,
  },
  Mutation: {
    ...recordMutations,
    ...inventoryTypeMutations,
    ...organizationMutations,
    ...productMutations,
    ...userMutations,
    ...formVersionMutations,
  },
  Subscription: recordSubscriptions,
  Viewer: viewerResolvers,
  LifeRecord: lifeRecordResolvers,
  RecordSave: recordSaveResolvers,
  InventoryType: inventoryTypeResolvers,
  Organization: organizationResolvers,
  Product: productResolvers,
  User: userResolvers,
} satisfies Resolvers;

export const mercuriusResolvers = resolvers as unknown as IResolvers;
