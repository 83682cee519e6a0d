import { graphql } from '#web/gql/gql.ts';

// customer-app §7 calls 9/10 for the admin area: the type's model (the default choice) and the
// record's generations, newest first (admins only; the server leaves the list empty for others).
export const RecordReportGenerationsQuery = graphql(`
  query RecordReportGenerations($id: ID!) {
    record(id: $id) {
      id
      inventoryType {
        id
        model
      }
      reportGenerations {
        id
        dateGenerated
        response
        model
      }
    }
  }
`);

// customer-app §7 call 10: new and edited generations reach an open screen at once.
export const RecordReportGenerationsLive = graphql(`
  subscription RecordReportGenerationsLive($id: ID!) {
    record(id: $id) {
      id
      reportGenerations {
        id
        dateGenerated
        response
        model
      }
    }
  }
`);

// customer-app §7 call 12: an admin's edit of a generation's text.
export const UpdateReportGenerationMutation = graphql(`
  mutation UpdateReportGeneration($id: ID!, $response: String!) {
    updateReportGeneration(id: $id, response: $response) {
      id
      dateGenerated
      response
      model
    }
  }
`);
