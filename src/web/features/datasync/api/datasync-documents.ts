import { graphql } from '#web/gql/gql.ts';

// admin-app §7: the datasync page reads the record's data only, and lists the inventory types.
export const DatasyncRecordQuery = graphql(`
  query DatasyncRecord($id: ID!) {
    record(id: $id) {
      id
      data
      formVersion
      inventoryType {
        id
      }
    }
    inventoryTypes {
      id
      name
    }
  }
`);

// The chosen type's form, read when it is chosen (a list of every template would be large).
export const DatasyncFormQuery = graphql(`
  query DatasyncForm($id: ID!) {
    inventoryType(id: $id) {
      id
      form
    }
  }
`);
