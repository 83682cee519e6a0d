import { graphql } from '#web/gql/gql.ts';

// Issue 42 §1: the record as its owner reads it, to offer its sections and preview the book. The
// book itself is made by the server from the stored record (book-requests.ts).
export const BookRecordQuery = graphql(`
  query BookRecord($id: ID!) {
    record(id: $id) {
      id
      submitted
      data
      user {
        id
        federatedId
        name
      }
      inventoryType {
        id
        name
      }
      form {
        template
        problem
      }
    }
  }
`);
