import { graphql } from '#web/gql/gql.ts';

// customer-app §7 calls 9/10: the record with what the screen's heading and form need.
export const RecordScreenQuery = graphql(`
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

// What a live update carries, by subscription or by polling alike: both feed the same
// apply-a-remote-change path, so they read the same fields.
export const RecordLiveStateFragment = graphql(`
  fragment RecordLiveState on LifeRecord {
    id
    updatedAt
    data
    submitted
    version
    inventoryTypeId
    formVersion
  }
`);

// customer-app §7 call 11: polled every 3 s.
export const RecordPollQuery = graphql(`
  query RecordPoll($id: ID!) {
    record(id: $id) {
      ...RecordLiveState
    }
  }
`);

// customer-app §7 call 10: the record now and after every change.
export const RecordLiveSubscription = graphql(`
  subscription RecordLive($id: ID!) {
    record(id: $id) {
      ...RecordLiveState
    }
  }
`);

// customer-app §7 call 7 with DESIGN §7's merge: the changed answers and their base version.
export const SaveRecordAnswersMutation = graphql(`
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
`);

// customer-app §7 call 8.
export const SubmitRecordMutation = graphql(`
  mutation SubmitRecord($input: SubmitRecordInput!) {
    submitRecord(input: $input) {
      id
      data
      updatedAt
      submitted
      version
    }
  }
`);

// Issue 26 §3: the record after it moved to another form while open, with how its answer keys
// moved since the version the screen had, so the answers being typed move the same way.
export const RecordFormChangeQuery = graphql(`
  query RecordFormChange($id: ID!, $sinceVersion: Int!) {
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
      }
      inventoryType {
        id
        name
      }
      form {
        template
        problem
      }
      answerKeyMoves(sinceVersion: $sinceVersion) {
        from
        to
      }
    }
  }
`);
