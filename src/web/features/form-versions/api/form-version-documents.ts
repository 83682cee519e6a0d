import { graphql } from '#web/gql/gql.ts';

// Issue 12: the versions panel of one inventory type.
export const FormVersionsQuery = graphql(`
  query FormVersions($id: ID!) {
    inventoryType(id: $id) {
      id
      name
    }
    formVersions(inventoryTypeId: $id) {
      draftChanged
      versions {
        number
        publishedAt
        publishedBy
        recordCount
      }
    }
  }
`);

// Where records can be migrated to: every type (their versions are read when one is chosen).
export const MigrationTargetsQuery = graphql(`
  query MigrationTargets {
    inventoryTypes {
      id
      name
    }
  }
`);

export const TargetVersionsQuery = graphql(`
  query TargetVersions($id: ID!) {
    formVersions(inventoryTypeId: $id) {
      versions {
        number
      }
    }
  }
`);

export const PreviewRecordMigrationQuery = graphql(`
  query PreviewRecordMigration($input: RecordMigrationInput!) {
    previewRecordMigration(input: $input) {
      records
      submittedLeftOut
      carried {
        from
        to
        answers
      }
      leftBehind {
        key
        reason
        answers
      }
    }
  }
`);

export const MigrateRecordsMappedMutation = graphql(`
  mutation MigrateRecordsMapped($input: RecordMigrationInput!) {
    migrateRecordsMapped(input: $input) {
      batchId
      migrated
      changedDuring
      message
    }
  }
`);

export const UndoRecordMigrationMutation = graphql(`
  mutation UndoRecordMigration($batchId: ID!) {
    undoRecordMigration(batchId: $batchId) {
      restored
      changedSince
      message
    }
  }
`);

export const RecordMigrationBatchesQuery = graphql(`
  query RecordMigrationBatches($id: ID!) {
    recordMigrationBatches(inventoryTypeId: $id) {
      batchId
      createdAt
      fromTypeId
      fromVersion
      toTypeId
      toVersion
      records
      undone
    }
  }
`);
