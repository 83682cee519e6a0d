import { graphql } from '#web/gql/gql.ts';

// admin-app §7 Inventory type by id, insert, update.
export const BuilderInventoryTypeQuery = graphql(`
  query BuilderInventoryType($id: ID!) {
    inventoryType(id: $id) {
      id
      name
      description
      form
      reportQuery
      model
    }
  }
`);

export const CreateBuilderInventoryTypeMutation = graphql(`
  mutation CreateBuilderInventoryType($input: InventoryTypeInput!) {
    createInventoryType(input: $input) {
      id
    }
  }
`);

export const UpdateBuilderInventoryTypeMutation = graphql(`
  mutation UpdateBuilderInventoryType($id: ID!, $input: InventoryTypeInput!) {
    updateInventoryType(id: $id, input: $input) {
      id
    }
  }
`);
