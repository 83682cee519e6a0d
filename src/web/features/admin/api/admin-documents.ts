import { graphql } from '#web/gql/gql.ts';

// admin-app §7 List reports: what the Records tab shows of each record (no answers, no report text),
// one page at a time, searched and sorted by the server (issue 10).
export const AdminRecordsQuery = graphql(`
  query AdminRecords($input: RecordsPageInput!) {
    recordsPage(input: $input) {
      totalCount
      page
      pageCount
      records {
      id
      unreadable
      createdAt
      updatedAt
      submitted
      clientId
      user {
        id
        name
      }
      organization {
        id
        name
      }
      inventoryType {
        id
        name
        model
      }
      reportGenerations {
        id
      }
      }
    }
  }
`);

// admin-app §7 Update report by id (submitted).
export const SetRecordSubmittedMutation = graphql(`
  mutation SetRecordSubmitted($id: ID!, $submitted: Boolean!) {
    setRecordSubmitted(id: $id, submitted: $submitted) {
      id
      submitted
      updatedAt
    }
  }
`);

// admin-app §7 Latest generation for a report (limit 1), for the download arrow.
export const LatestGenerationQuery = graphql(`
  query LatestGeneration($recordId: ID!) {
    latestReportGeneration(recordId: $recordId) {
      id
    }
  }
`);

// admin-app §7 Organizations: list, insert, update by id.
export const AdminOrganizationsQuery = graphql(`
  query AdminOrganizations {
    organizations {
      id
      name
      phone
      website
      supportText
      supportPhone
      supportUrl
    }
  }
`);

export const CreateOrganizationMutation = graphql(`
  mutation CreateOrganization($input: OrganizationInput!) {
    createOrganization(input: $input) {
      id
    }
  }
`);

export const UpdateOrganizationMutation = graphql(`
  mutation UpdateOrganization($id: ID!, $input: OrganizationInput!) {
    updateOrganization(id: $id, input: $input) {
      id
    }
  }
`);

// admin-app §7 Users list, one page at a time, with each user's roles and every role (issue 10);
// the organizations for the edit row's select.
export const AdminUsersQuery = graphql(`
  query AdminUsers($input: UsersPageInput!) {
    usersPage(input: $input) {
      totalCount
      page
      pageCount
      allRoles {
        id
        name
      }
      users {
        id
        name
        email
        federatedId
        erasedAt
        organization {
          id
          name
        }
        roles {
          id
          name
        }
      }
    }
  }
`);

export const OrganizationChoicesQuery = graphql(`
  query OrganizationChoices {
    organizations {
      id
      name
    }
  }
`);

export const UpdateUserMutation = graphql(`
  mutation UpdateUser($id: ID!, $input: UserInput!) {
    updateUser(id: $id, input: $input) {
      id
    }
  }
`);

// admin-app §7 List inventory types, Clone, and the migration tool.
export const AdminInventoryTypesQuery = graphql(`
  query AdminInventoryTypes {
    inventoryTypes {
      id
      name
      description
      reportQuery
    }
  }
`);

export const CloneInventoryTypeMutation = graphql(`
  mutation CloneInventoryType($id: ID!) {
    cloneInventoryType(id: $id) {
      id
      name
    }
  }
`);

export const MigrateRecordsMutation = graphql(`
  mutation MigrateRecords($sourceTypeId: ID!, $targetTypeId: ID!) {
    migrateRecords(sourceTypeId: $sourceTypeId, targetTypeId: $targetTypeId) {
      updated
      failed
      message
    }
  }
`);

// admin-app §7 Products: list ordered by inventory type name; insert; update by id.
export const AdminProductsQuery = graphql(`
  query AdminProducts {
    viewer {
      id
      organization {
        id
      }
    }
    products {
      id
      name
      description
      cost
      credits
      stripeId
      stripePaylink
      paymentLink
      inventoryType {
        id
        name
      }
    }
    inventoryTypes {
      id
      name
    }
  }
`);

export const CreateProductMutation = graphql(`
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      id
    }
  }
`);

export const UpdateProductMutation = graphql(`
  mutation UpdateProduct($id: ID!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) {
      id
    }
  }
`);

// Issue 10: the latest purchases and contact-form messages (admins only).
export const AdminPurchasesQuery = graphql(`
  query AdminPurchases {
    purchases {
      id
      createdAt
      provider
      providerRef
      organization {
        id
        name
      }
      productName
      credits
      amount
    }
  }
`);

export const AdminSupportMessagesQuery = graphql(`
  query AdminSupportMessages {
    supportMessages {
      id
      createdAt
      name
      email
      message
    }
  }
`);

// Issue 29 §2: the Audit tab, every entry newest first, searched by person or record, paged.
export const AdminAuditQuery = graphql(`
  query AdminAudit($input: AuditPageInput!) {
    auditPage(input: $input) {
      totalCount
      page
      pageCount
      entries {
        id
        at
        actorName
        actorRole
        actorOrganization
        subjectName
        recordId
        action
        provider
        model
        requestId
      }
    }
  }
`);
