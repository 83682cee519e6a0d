// The documents are written here and typed by codegen (it finds the /* GraphQL */ strings); the
// screen imports the generated documents directly, not through gql.ts's `graphql()`, whose lookup
// table holds every document of the app (1.6 KiB gzip on the record route, issue 15's budget).
export {
  RecordLiveDocument as RecordLiveSubscription,
  RecordPollDocument as RecordPollQuery,
  RecordScreenDocument as RecordScreenQuery,
  SaveRecordAnswersDocument as SaveRecordAnswersMutation,
  SubmitRecordDocument as SubmitRecordMutation,
} from '#web/gql/graphql.ts';

// customer-app §7 calls 9/10: the record with what the screen's heading and form need.
export const recordScreenSource = /* GraphQL */ `
  query RecordScreen($id: ID!) {
    record(id: $id) {
      id
      createdAt
      updatedAt
      version
      submitted
      data
      inventoryTypeId
      formVersion
      user {
        id
        federatedId
        name
      }
      organization {
        id
        name
        supportText
        supportPhone
        supportUrl
      }
      inventoryType {
        id
        name
      }
      form {
        template
        problem
      }
      # Issue 26 §3: how migrations moved its answers, for answers typed against an earlier form.
      formChanges {
        version
        fromFormVersion
        moves {
          from
          to
        }
      }
    }
  }
`;

// What a live update carries, by subscription or by polling alike: both feed the same
// apply-a-remote-change path, so they read the same fields; the answers come whole from the poll
// and as changes from the subscription (issue 39 §3).
export const recordLiveStateSource = /* GraphQL */ `
  fragment RecordLiveState on LifeRecord {
    id
    updatedAt
    submitted
    version
    inventoryTypeId
    formVersion
  }
`;

// customer-app §7 call 11: polled every 3 s; the record comes only when it changed since the
// version the screen holds (issue 31 §6.2), so an unchanged record sends no answers.
export const recordPollSource = /* GraphQL */ `
  query RecordPoll($id: ID!, $knownVersion: Int!) {
    recordSince(id: $id, knownVersion: $knownVersion) {
      version
      record {
        ...RecordLiveState
        data
      }
    }
  }
`;

// customer-app §7 call 10: the record now and after every change; issue 39 §3 (decision 152): the
// first with the whole answers, each next with only those written since the one before.
export const recordLiveSource = /* GraphQL */ `
  subscription RecordLive($id: ID!) {
    record(id: $id) {
      ...RecordLiveState
      answerChanges {
        full
        sinceVersion
        answers
      }
    }
  }
`;

// customer-app §7 call 7 with DESIGN §7's merge: the changed answers and their base version.
export const saveRecordAnswersSource = /* GraphQL */ `
  mutation SaveRecordAnswers($input: SaveRecordAnswersInput!) {
    saveRecordAnswers(input: $input) {
      id
      data
      updatedAt
      version
      conflictingKeys
      inventoryTypeId
      formVersion
    }
  }
`;

// customer-app §7 call 8.
export const submitRecordSource = /* GraphQL */ `
  mutation SubmitRecord($input: SubmitRecordInput!) {
    submitRecord(input: $input) {
      id
      data
      updatedAt
      submitted
      version
    }
  }
`;
