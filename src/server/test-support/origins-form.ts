import type { FastifyInstance } from 'fastify';
import type { FormTemplate } from '#domain/form-template.ts';
import { graphql } from './graphql-client.ts';
import type { TestUser } from './test-users.ts';

/**
 * A one-step form whose city question's key is chosen by the test: publishing it again with another
 * key is a form change that moves an answer (issues 12, 26 and 39's migration tests).
 */
export const originsForm = (cityId: string): FormTemplate => ({
  formId: 'origins',
  formTitle: 'Origins',
  steps: [
    {
      stepTitle: 'Where you began',
      fields: [
        { id: 'name', label: 'Name', type: 'text' },
        { id: cityId, label: 'City of birth', type: 'text' },
      ],
    },
  ],
});

const UPDATE_TYPE =
  'mutation($id: ID!, $input: InventoryTypeInput!) { updateInventoryType(id: $id, input: $input) { id } }';

/** The admin puts the origins form, with this city key, in the type's draft (through the API). */
export function draftOriginsForm(app: FastifyInstance, admin: TestUser, typeId: string, cityId: string) {
  const input = { name: 'Origins', description: 'd', form: originsForm(cityId) };
  return graphql(app, UPDATE_TYPE, { id: typeId, input }, admin.headers);
}
