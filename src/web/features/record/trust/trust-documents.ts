// Written here for codegen (it finds the /* GraphQL */ strings); used as the generated documents,
// not through gql.ts, whose table of every document would weigh on the record route (issue 15).
export {
  MyRecordAuditDocument as MyRecordAuditQuery,
  RecordAiConsentDocument as RecordAiConsentQuery,
  SetAiConsentDocument as SetAiConsentMutation,
} from '#web/gql/graphql.ts';

// Issue 29 §3: the owner's answer to an outside AI, and changing it.
export const recordAiConsentSource = /* GraphQL */ `
  query RecordAiConsent($id: ID!) {
    record(id: $id) {
      id
      aiConsent {
        recordId
        agreed
        changedAt
      }
    }
  }
`;

export const setAiConsentSource = /* GraphQL */ `
  mutation SetAiConsent($recordId: ID!, $agreed: Boolean!) {
    setAiConsent(recordId: $recordId, agreed: $agreed) {
      recordId
      agreed
      changedAt
    }
  }
`;

// Issue 29 §2: who has read or sent this record's answers, newest first, a page at a time.
export const myRecordAuditSource = /* GraphQL */ `
  query MyRecordAudit($input: AuditPageInput!) {
    myAudit(input: $input) {
      totalCount
      page
      pageCount
      entries {
        id
        at
        who
        what
      }
    }
  }
`;
