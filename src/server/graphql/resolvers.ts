import type { IResolvers } from 'mercurius';
import { adminActivityQueries } from './admin-activity-resolvers.ts';
import { formVersionMutations, formVersionQueries } from './form-version-resolvers.ts';
import type { Resolvers } from './generated-types.ts';
import {
  inventoryTypeMutations,
  inventoryTypeQueries,
  inventoryTypeResolvers,
} from './inventory-type-resolvers.ts';
import {
  organizationMutations,
  organizationQueries,
  organizationResolvers,
} from './organization-resolvers.ts';
import { productMutations, productQueries, productResolvers } from './product-resolvers.ts';
import {
  lifeRecordResolvers,
  recordMutations,
  recordQueries,
  recordSaveResolvers,
  recordSubscriptions,
} from './record-resolvers.ts';
import { DateTimeScalar, JsonScalar } from './scalars.ts';
import { userMutations, userQueries, userResolvers, viewerResolvers } from './user-resolvers.ts';

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
