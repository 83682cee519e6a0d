import { graphql } from '#web/gql/gql.ts';

// Issue 29 §3: the owner's answer to an outside AI, and changing it.
export const RecordAiConsentQuery = graphql(`
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
`);

export const SetAiConsentMutation = graphql(`
  mutation SetAiConsent($recordId: ID!, $agreed: Boolean!) {
    setAiConsent(recordId: $recordId, agreed: $agreed) {
      recordId
      agreed
      changedAt
    }
  }
`);

// Issue 29 §2: who has read or sent this record's answers, newest first, a page at a time.
export const MyRecordAuditQuery = graphql(`
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
`);
