import type { IResolvers } from 'mercurius';
import { adminActivityQueries } from './admin-activity-resolvers.ts';
import { auditEntryResolvers, auditMutations, auditQueries } from './audit-resolvers.ts';
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
  recordSaveResolvers,
  reportGenerationResolvers,
} from './record-field-resolvers.ts';
import { recordMutations, recordQueries, recordSubscriptions } from './record-resolvers.ts';
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
    ...auditQueries,
  },
  Mutation: {
    ...recordMutations,
    ...inventoryTypeMutations,
    ...organizationMutations,
    ...productMutations,
    ...userMutations,
    ...formVersionMutations,
    ...auditMutations,
  },
  Subscription: recordSubscriptions,
  Viewer: viewerResolvers,
  LifeRecord: lifeRecordResolvers,
  RecordSave: recordSaveResolvers,
  ReportGeneration: reportGenerationResolvers,
  AuditEntry: auditEntryResolvers,
  InventoryType: inventoryTypeResolvers,
  Organization: organizationResolvers,
  Product: productResolvers,
  User: userResolvers,
} satisfies Resolvers;

export const mercuriusResolvers = resolvers as unknown as IResolvers;
