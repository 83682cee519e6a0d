import {
  createOrganization,
  getOrganization,
  getOrganizationRecords,
  listOrganizations,
  mayReadCredits,
  updateOrganization,
} from '../modules/organizations/organization-service.ts';
import type { MutationResolvers, OrganizationResolvers, QueryResolvers } from './generated-types.ts';
import { orThrow } from './graphql-errors.ts';
import { readRecords, selectsAnswers } from './record-reads.ts';

export const organizationQueries: Pick<
  QueryResolvers,
  'organization' | 'organizations' | 'organizationRecords'
> = {
  organization: async (_root, { id }, { deps, viewer }) => orThrow(await getOrganization(deps, viewer, id)),
  organizations: async (_root, _args, { deps, viewer }) => orThrow(await listOrganizations(deps, viewer)),
  organizationRecords: async (_root, { organizationId }, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        getOrganizationRecords(context.deps, context.viewer, organizationId, answers),
      ),
    ),
};

export const organizationMutations: Pick<MutationResolvers, 'createOrganization' | 'updateOrganization'> = {
  createOrganization: async (_root, { input }, { deps, viewer }) =>
    orThrow(await createOrganization(deps, viewer, input)),
  updateOrganization: async (_root, { id, input }, { deps, viewer }) =>
    orThrow(await updateOrganization(deps, viewer, id, input)),
};

export const organizationResolvers: OrganizationResolvers = {
  availableCredits: async (organization, _args, { loaders, viewer }) =>
    mayReadCredits(viewer, organization.id)
      ? ((await loaders.organizationCredits(organization.id)) ?? [])
      : [],
};
