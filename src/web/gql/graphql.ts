/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AnswerMappingInput = {
  from: string;
  to?: string | null | undefined;
};

export type AuditPageInput = {
  /** 1-based; a page past the end answers the last page. */
  page?: number | null | undefined;
  /** At most 100. */
  pageSize?: number | null | undefined;
  /** Only the entries about this record. */
  recordId?: string | number | null | undefined;
  /** A case-insensitive part of the name of who acted or whose answers they were (admins' page). */
  search?: string | null | undefined;
};

export type InventoryTypeInput = {
  description: string;
  /** An object, or a JSON string of one. */
  form: unknown;
  model?: string | null | undefined;
  name: string;
  reportQuery?: string | null | undefined;
};

export type OrganizationInput = {
  name: string;
  phone?: string | null | undefined;
  supportPhone?: string | null | undefined;
  /** Issue 28 §6: left out, the stored value stays; empty or null clears it. */
  supportText?: string | null | undefined;
  supportUrl?: string | null | undefined;
  website?: string | null | undefined;
};

export type ProductInput = {
  cost: string;
  credits: number;
  description: string;
  inventoryTypeId: string | number;
  name: string;
  stripeId: string;
  stripePaylink?: string | null | undefined;
};

export type RecordMigrationInput = {
  /** Submitted records move only when this is true. */
  includeSubmitted: boolean;
  /** Source answer key → target answer key, or null to leave the answer where it is. */
  mapping: Array<AnswerMappingInput>;
  sourceTypeId: string | number;
  sourceVersion: number;
  targetTypeId: string | number;
  targetVersion: number;
};

export type RecordSort =
  | 'CLIENT'
  | 'CREATED_AT'
  | 'ORGANIZATION'
  | 'SUBMITTED'
  | 'TYPE'
  | 'UPDATED_AT';

export type RecordsPageInput = {
  direction?: SortDirection | null | undefined;
  /** 1-based; a page past the end answers the last page. */
  page?: number | null | undefined;
  /** At most 100. */
  pageSize?: number | null | undefined;
  /** A case-insensitive part of the owner's name (admin-app §5). */
  search?: string | null | undefined;
  /** Also rows without a user (the Unassigned Records switch). */
  showUnassigned?: boolean | null | undefined;
  sort?: RecordSort | null | undefined;
};

export type SaveRecordAnswersInput = {
  /** Changed answers by key (an object, or a JSON string of one, even double-encoded). */
  answers: unknown;
  /** The version the client's copy was at when these answers were typed. */
  baseVersion: number;
  id: string | number;
};

export type SortDirection =
  | 'ASCENDING'
  | 'DESCENDING';

export type SubmitRecordInput = {
  /** Final answers to merge before submitting (same forms as in saveRecordAnswers). */
  answers?: unknown;
  baseVersion?: number | null | undefined;
  id: string | number;
};

export type UserInput = {
  name: string;
  organizationId: string | number;
};

export type UserSort =
  | 'EMAIL'
  | 'NAME'
  | 'ORGANIZATION';

export type UsersPageInput = {
  direction?: SortDirection | null | undefined;
  /** 1-based; a page past the end answers the last page. */
  page?: number | null | undefined;
  /** At most 100. */
  pageSize?: number | null | undefined;
  /** A case-insensitive part of the name (admin-app §5). */
  search?: string | null | undefined;
  sort?: UserSort | null | undefined;
};

export type AccountOrganizationQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountOrganizationQuery = { viewer: { id: string, organization: { id: string, name: string, phone: string | null, website: string | null, availableCredits: Array<{ count: number, inventoryType: { id: string, name: string } }> } | null } };

export type OrganizationRecordsQueryVariables = Exact<{
  organizationId: string | number;
}>;


export type OrganizationRecordsQuery = { organizationRecords: Array<{ id: string, unreadable: string | null, createdAt: string, updatedAt: string, submitted: boolean, clientId: string | null, user: { name: string | null } | null, inventoryType: { id: string, name: string } }> };

export type AdminRecordsQueryVariables = Exact<{
  input: RecordsPageInput;
}>;


export type AdminRecordsQuery = { recordsPage: { totalCount: number, page: number, pageCount: number, records: Array<{ id: string, unreadable: string | null, createdAt: string, updatedAt: string, submitted: boolean, clientId: string | null, user: { id: string, name: string | null } | null, organization: { id: string, name: string } | null, inventoryType: { id: string, name: string, model: string | null }, reportGenerations: Array<{ id: string }> }> } };

export type SetRecordSubmittedMutationVariables = Exact<{
  id: string | number;
  submitted: boolean;
}>;


export type SetRecordSubmittedMutation = { setRecordSubmitted: { id: string, submitted: boolean, updatedAt: string } };

export type LatestGenerationQueryVariables = Exact<{
  recordId: string | number;
}>;


export type LatestGenerationQuery = { latestReportGeneration: { id: string } | null };

export type AdminOrganizationsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminOrganizationsQuery = { organizations: Array<{ id: string, name: string, phone: string | null, website: string | null, supportText: string | null, supportPhone: string | null, supportUrl: string | null }> };

export type CreateOrganizationMutationVariables = Exact<{
  input: OrganizationInput;
}>;


export type CreateOrganizationMutation = { createOrganization: { id: string } };

export type UpdateOrganizationMutationVariables = Exact<{
  id: string | number;
  input: OrganizationInput;
}>;


export type UpdateOrganizationMutation = { updateOrganization: { id: string } };

export type AdminUsersQueryVariables = Exact<{
  input: UsersPageInput;
}>;


export type AdminUsersQuery = { usersPage: { totalCount: number, page: number, pageCount: number, allRoles: Array<{ id: string, name: string }>, users: Array<{ id: string, name: string | null, email: string | null, federatedId: string | null, erasedAt: string | null, organization: { id: string, name: string } | null, roles: Array<{ id: string, name: string }> }> } };

export type OrganizationChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type OrganizationChoicesQuery = { organizations: Array<{ id: string, name: string }> };

export type UpdateUserMutationVariables = Exact<{
  id: string | number;
  input: UserInput;
}>;


export type UpdateUserMutation = { updateUser: { id: string } };

export type AdminInventoryTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminInventoryTypesQuery = { inventoryTypes: Array<{ id: string, name: string, description: string | null, reportQuery: string | null }> };

export type CloneInventoryTypeMutationVariables = Exact<{
  id: string | number;
}>;


export type CloneInventoryTypeMutation = { cloneInventoryType: { id: string, name: string } };

export type MigrateRecordsMutationVariables = Exact<{
  sourceTypeId: string | number;
  targetTypeId: string | number;
}>;


export type MigrateRecordsMutation = { migrateRecords: { updated: number, failed: number, message: string } };

export type AdminProductsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminProductsQuery = { viewer: { id: string, organization: { id: string } | null }, products: Array<{ id: string, name: string, description: string, cost: string, credits: number, stripeId: string | null, stripePaylink: string | null, paymentLink: string | null, inventoryType: { id: string, name: string } }>, inventoryTypes: Array<{ id: string, name: string }> };

export type CreateProductMutationVariables = Exact<{
  input: ProductInput;
}>;


export type CreateProductMutation = { createProduct: { id: string } };

export type UpdateProductMutationVariables = Exact<{
  id: string | number;
  input: ProductInput;
}>;


export type UpdateProductMutation = { updateProduct: { id: string } };

export type AdminPurchasesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminPurchasesQuery = { purchases: Array<{ id: string, createdAt: string, provider: string, providerRef: string, productName: string | null, credits: number, amount: string | null, organization: { id: string, name: string } | null }> };

export type AdminSupportMessagesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminSupportMessagesQuery = { supportMessages: Array<{ id: string, createdAt: string, name: string, email: string, message: string }> };

export type AdminAuditQueryVariables = Exact<{
  input: AuditPageInput;
}>;


export type AdminAuditQuery = { auditPage: { totalCount: number, page: number, pageCount: number, entries: Array<{ id: string, at: string, actorName: string | null, actorRole: string, actorOrganization: string | null, subjectName: string | null, recordId: string | null, action: string, provider: string | null, model: string | null, requestId: string | null }> } };

export type BookRecordQueryVariables = Exact<{
  id: string | number;
}>;


export type BookRecordQuery = { record: { id: string, submitted: boolean, data: unknown, user: { id: string, federatedId: string | null, name: string | null } | null, inventoryType: { id: string, name: string }, form: { template: unknown, problem: string | null } } | null };

export type DatasyncRecordQueryVariables = Exact<{
  id: string | number;
}>;


export type DatasyncRecordQuery = { record: { id: string, data: unknown, formVersion: number, inventoryType: { id: string } } | null, inventoryTypes: Array<{ id: string, name: string }> };

export type DatasyncFormQueryVariables = Exact<{
  id: string | number;
}>;


export type DatasyncFormQuery = { inventoryType: { id: string, form: unknown } | null };

export type FormVersionsQueryVariables = Exact<{
  id: string | number;
}>;


export type FormVersionsQuery = { inventoryType: { id: string, name: string } | null, formVersions: { draftChanged: boolean, versions: Array<{ number: number, publishedAt: string, publishedBy: string | null, recordCount: number }> } };

export type MigrationTargetsQueryVariables = Exact<{ [key: string]: never; }>;


export type MigrationTargetsQuery = { inventoryTypes: Array<{ id: string, name: string }> };

export type TargetVersionsQueryVariables = Exact<{
  id: string | number;
}>;


export type TargetVersionsQuery = { formVersions: { versions: Array<{ number: number }> } };

export type PreviewRecordMigrationQueryVariables = Exact<{
  input: RecordMigrationInput;
}>;


export type PreviewRecordMigrationQuery = { previewRecordMigration: { records: number, submittedLeftOut: number, carried: Array<{ from: string, to: string, answers: number }>, leftBehind: Array<{ key: string, reason: string, answers: number }> } };

export type MigrateRecordsMappedMutationVariables = Exact<{
  input: RecordMigrationInput;
}>;


export type MigrateRecordsMappedMutation = { migrateRecordsMapped: { batchId: string | null, migrated: number, changedDuring: number, message: string } };

export type UndoRecordMigrationMutationVariables = Exact<{
  batchId: string | number;
}>;


export type UndoRecordMigrationMutation = { undoRecordMigration: { restored: number, changedSince: number, message: string } };

export type RecordMigrationBatchesQueryVariables = Exact<{
  id: string | number;
}>;


export type RecordMigrationBatchesQuery = { recordMigrationBatches: Array<{ batchId: string, createdAt: string, fromTypeId: string, fromVersion: number, toTypeId: string, toVersion: number, records: number, undone: boolean }> };

export type BuilderInventoryTypeQueryVariables = Exact<{
  id: string | number;
}>;


export type BuilderInventoryTypeQuery = { inventoryType: { id: string, name: string, description: string | null, form: unknown, reportQuery: string | null, model: string | null } | null };

export type CreateBuilderInventoryTypeMutationVariables = Exact<{
  input: InventoryTypeInput;
}>;


export type CreateBuilderInventoryTypeMutation = { createInventoryType: { id: string } };

export type UpdateBuilderInventoryTypeMutationVariables = Exact<{
  id: string | number;
  input: InventoryTypeInput;
}>;


export type UpdateBuilderInventoryTypeMutation = { updateInventoryType: { id: string } };

export type HomeRecordsQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeRecordsQuery = { viewer: { id: string, name: string | null, records: Array<{ id: string, createdAt: string, updatedAt: string, submitted: boolean, inventoryType: { name: string } }> } };

export type ProductsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProductsQuery = { viewer: { id: string, organization: { id: string } | null }, products: Array<{ id: string, name: string, description: string, cost: string, credits: number, paymentLink: string | null, inventoryType: { name: string } }> };

export type RecordReportGenerationsQueryVariables = Exact<{
  id: string | number;
}>;


export type RecordReportGenerationsQuery = { record: { id: string, inventoryType: { id: string, model: string | null }, reportGenerations: Array<{ id: string, dateGenerated: string, response: string, model: string | null }> } | null };

export type RecordReportGenerationsLiveSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type RecordReportGenerationsLiveSubscription = { record: { id: string, reportGenerations: Array<{ id: string, dateGenerated: string, response: string, model: string | null }> } | null };

export type UpdateReportGenerationMutationVariables = Exact<{
  id: string | number;
  response: string;
}>;


export type UpdateReportGenerationMutation = { updateReportGeneration: { id: string, dateGenerated: string, response: string, model: string | null } };

export type RecordScreenQueryVariables = Exact<{
  id: string | number;
}>;


export type RecordScreenQuery = { record: { id: string, createdAt: string, updatedAt: string, version: number, submitted: boolean, data: unknown, inventoryTypeId: string, formVersion: number, user: { id: string, federatedId: string | null, name: string | null } | null, organization: { id: string, name: string, supportText: string | null, supportPhone: string | null, supportUrl: string | null } | null, inventoryType: { id: string, name: string }, form: { template: unknown, problem: string | null }, formChanges: Array<{ version: number, fromFormVersion: number, moves: Array<{ from: string, to: string | null }> }> } | null };

export type RecordLiveStateFragment = { id: string, updatedAt: string, submitted: boolean, version: number, inventoryTypeId: string, formVersion: number };

export type RecordPollQueryVariables = Exact<{
  id: string | number;
  knownVersion: number;
}>;


export type RecordPollQuery = { recordSince: { version: number, record: { data: unknown, id: string, updatedAt: string, submitted: boolean, version: number, inventoryTypeId: string, formVersion: number } | null } | null };

export type RecordLiveSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type RecordLiveSubscription = { record: { id: string, updatedAt: string, submitted: boolean, version: number, inventoryTypeId: string, formVersion: number, answerChanges: { full: boolean, sinceVersion: number | null, answers: unknown } | null } | null };

export type SaveRecordAnswersMutationVariables = Exact<{
  input: SaveRecordAnswersInput;
}>;


export type SaveRecordAnswersMutation = { saveRecordAnswers: { id: string, data: unknown, updatedAt: string, version: number, conflictingKeys: Array<string>, inventoryTypeId: string, formVersion: number } };

export type SubmitRecordMutationVariables = Exact<{
  input: SubmitRecordInput;
}>;


export type SubmitRecordMutation = { submitRecord: { id: string, data: unknown, updatedAt: string, submitted: boolean, version: number } };

export type RecordAiConsentQueryVariables = Exact<{
  id: string | number;
}>;


export type RecordAiConsentQuery = { record: { id: string, aiConsent: { recordId: string, agreed: boolean, changedAt: string | null } } | null };

export type SetAiConsentMutationVariables = Exact<{
  recordId: string | number;
  agreed: boolean;
}>;


export type SetAiConsentMutation = { setAiConsent: { recordId: string, agreed: boolean, changedAt: string | null } };

export type MyRecordAuditQueryVariables = Exact<{
  input: AuditPageInput;
}>;


export type MyRecordAuditQuery = { myAudit: { totalCount: number, page: number, pageCount: number, entries: Array<{ id: string, at: string, who: string, what: string }> } };

export type FormVersionFormQueryVariables = Exact<{
  id: string | number;
  number: number;
}>;


export type FormVersionFormQuery = { formVersionForm: unknown };

export type PublishFormVersionMutationVariables = Exact<{
  id: string | number;
}>;


export type PublishFormVersionMutation = { publishFormVersion: { number: number } };

export type DownloadReportGenerationMutationVariables = Exact<{
  id: string | number;
}>;


export type DownloadReportGenerationMutation = { downloadReportGeneration: { id: string, dateGenerated: string, response: string } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const RecordLiveStateFragmentDoc = new TypedDocumentString(`
    fragment RecordLiveState on LifeRecord {
  id
  updatedAt
  submitted
  version
  inventoryTypeId
  formVersion
}
    `, {"fragmentName":"RecordLiveState"}) as unknown as TypedDocumentString<RecordLiveStateFragment, unknown>;
export const AccountOrganizationDocument = new TypedDocumentString(`
    query AccountOrganization {
  viewer {
    id
    organization {
      id
      name
      phone
      website
      availableCredits {
        count
        inventoryType {
          id
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AccountOrganizationQuery, AccountOrganizationQueryVariables>;
export const OrganizationRecordsDocument = new TypedDocumentString(`
    query OrganizationRecords($organizationId: ID!) {
  organizationRecords(organizationId: $organizationId) {
    id
    unreadable
    createdAt
    updatedAt
    submitted
    clientId
    user {
      name
    }
    inventoryType {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<OrganizationRecordsQuery, OrganizationRecordsQueryVariables>;
export const AdminRecordsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminRecordsQuery, AdminRecordsQueryVariables>;
export const SetRecordSubmittedDocument = new TypedDocumentString(`
    mutation SetRecordSubmitted($id: ID!, $submitted: Boolean!) {
  setRecordSubmitted(id: $id, submitted: $submitted) {
    id
    submitted
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<SetRecordSubmittedMutation, SetRecordSubmittedMutationVariables>;
export const LatestGenerationDocument = new TypedDocumentString(`
    query LatestGeneration($recordId: ID!) {
  latestReportGeneration(recordId: $recordId) {
    id
  }
}
    `) as unknown as TypedDocumentString<LatestGenerationQuery, LatestGenerationQueryVariables>;
export const AdminOrganizationsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminOrganizationsQuery, AdminOrganizationsQueryVariables>;
export const CreateOrganizationDocument = new TypedDocumentString(`
    mutation CreateOrganization($input: OrganizationInput!) {
  createOrganization(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateOrganizationMutation, CreateOrganizationMutationVariables>;
export const UpdateOrganizationDocument = new TypedDocumentString(`
    mutation UpdateOrganization($id: ID!, $input: OrganizationInput!) {
  updateOrganization(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateOrganizationMutation, UpdateOrganizationMutationVariables>;
export const AdminUsersDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminUsersQuery, AdminUsersQueryVariables>;
export const OrganizationChoicesDocument = new TypedDocumentString(`
    query OrganizationChoices {
  organizations {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<OrganizationChoicesQuery, OrganizationChoicesQueryVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation UpdateUser($id: ID!, $input: UserInput!) {
  updateUser(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const AdminInventoryTypesDocument = new TypedDocumentString(`
    query AdminInventoryTypes {
  inventoryTypes {
    id
    name
    description
    reportQuery
  }
}
    `) as unknown as TypedDocumentString<AdminInventoryTypesQuery, AdminInventoryTypesQueryVariables>;
export const CloneInventoryTypeDocument = new TypedDocumentString(`
    mutation CloneInventoryType($id: ID!) {
  cloneInventoryType(id: $id) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CloneInventoryTypeMutation, CloneInventoryTypeMutationVariables>;
export const MigrateRecordsDocument = new TypedDocumentString(`
    mutation MigrateRecords($sourceTypeId: ID!, $targetTypeId: ID!) {
  migrateRecords(sourceTypeId: $sourceTypeId, targetTypeId: $targetTypeId) {
    updated
    failed
    message
  }
}
    `) as unknown as TypedDocumentString<MigrateRecordsMutation, MigrateRecordsMutationVariables>;
export const AdminProductsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminProductsQuery, AdminProductsQueryVariables>;
export const CreateProductDocument = new TypedDocumentString(`
    mutation CreateProduct($input: ProductInput!) {
  createProduct(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateProductMutation, CreateProductMutationVariables>;
export const UpdateProductDocument = new TypedDocumentString(`
    mutation UpdateProduct($id: ID!, $input: ProductInput!) {
  updateProduct(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateProductMutation, UpdateProductMutationVariables>;
export const AdminPurchasesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminPurchasesQuery, AdminPurchasesQueryVariables>;
export const AdminSupportMessagesDocument = new TypedDocumentString(`
    query AdminSupportMessages {
  supportMessages {
    id
    createdAt
    name
    email
    message
  }
}
    `) as unknown as TypedDocumentString<AdminSupportMessagesQuery, AdminSupportMessagesQueryVariables>;
export const AdminAuditDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminAuditQuery, AdminAuditQueryVariables>;
export const BookRecordDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<BookRecordQuery, BookRecordQueryVariables>;
export const DatasyncRecordDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<DatasyncRecordQuery, DatasyncRecordQueryVariables>;
export const DatasyncFormDocument = new TypedDocumentString(`
    query DatasyncForm($id: ID!) {
  inventoryType(id: $id) {
    id
    form
  }
}
    `) as unknown as TypedDocumentString<DatasyncFormQuery, DatasyncFormQueryVariables>;
export const FormVersionsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<FormVersionsQuery, FormVersionsQueryVariables>;
export const MigrationTargetsDocument = new TypedDocumentString(`
    query MigrationTargets {
  inventoryTypes {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<MigrationTargetsQuery, MigrationTargetsQueryVariables>;
export const TargetVersionsDocument = new TypedDocumentString(`
    query TargetVersions($id: ID!) {
  formVersions(inventoryTypeId: $id) {
    versions {
      number
    }
  }
}
    `) as unknown as TypedDocumentString<TargetVersionsQuery, TargetVersionsQueryVariables>;
export const PreviewRecordMigrationDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PreviewRecordMigrationQuery, PreviewRecordMigrationQueryVariables>;
export const MigrateRecordsMappedDocument = new TypedDocumentString(`
    mutation MigrateRecordsMapped($input: RecordMigrationInput!) {
  migrateRecordsMapped(input: $input) {
    batchId
    migrated
    changedDuring
    message
  }
}
    `) as unknown as TypedDocumentString<MigrateRecordsMappedMutation, MigrateRecordsMappedMutationVariables>;
export const UndoRecordMigrationDocument = new TypedDocumentString(`
    mutation UndoRecordMigration($batchId: ID!) {
  undoRecordMigration(batchId: $batchId) {
    restored
    changedSince
    message
  }
}
    `) as unknown as TypedDocumentString<UndoRecordMigrationMutation, UndoRecordMigrationMutationVariables>;
export const RecordMigrationBatchesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<RecordMigrationBatchesQuery, RecordMigrationBatchesQueryVariables>;
export const BuilderInventoryTypeDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<BuilderInventoryTypeQuery, BuilderInventoryTypeQueryVariables>;
export const CreateBuilderInventoryTypeDocument = new TypedDocumentString(`
    mutation CreateBuilderInventoryType($input: InventoryTypeInput!) {
  createInventoryType(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateBuilderInventoryTypeMutation, CreateBuilderInventoryTypeMutationVariables>;
export const UpdateBuilderInventoryTypeDocument = new TypedDocumentString(`
    mutation UpdateBuilderInventoryType($id: ID!, $input: InventoryTypeInput!) {
  updateInventoryType(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateBuilderInventoryTypeMutation, UpdateBuilderInventoryTypeMutationVariables>;
export const HomeRecordsDocument = new TypedDocumentString(`
    query HomeRecords {
  viewer {
    id
    name
    records {
      id
      createdAt
      updatedAt
      submitted
      inventoryType {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<HomeRecordsQuery, HomeRecordsQueryVariables>;
export const ProductsDocument = new TypedDocumentString(`
    query Products {
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
    paymentLink
    inventoryType {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ProductsQuery, ProductsQueryVariables>;
export const RecordReportGenerationsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<RecordReportGenerationsQuery, RecordReportGenerationsQueryVariables>;
export const RecordReportGenerationsLiveDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<RecordReportGenerationsLiveSubscription, RecordReportGenerationsLiveSubscriptionVariables>;
export const UpdateReportGenerationDocument = new TypedDocumentString(`
    mutation UpdateReportGeneration($id: ID!, $response: String!) {
  updateReportGeneration(id: $id, response: $response) {
    id
    dateGenerated
    response
    model
  }
}
    `) as unknown as TypedDocumentString<UpdateReportGenerationMutation, UpdateReportGenerationMutationVariables>;
export const RecordScreenDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<RecordScreenQuery, RecordScreenQueryVariables>;
export const RecordPollDocument = new TypedDocumentString(`
    query RecordPoll($id: ID!, $knownVersion: Int!) {
  recordSince(id: $id, knownVersion: $knownVersion) {
    version
    record {
      ...RecordLiveState
      data
    }
  }
}
    fragment RecordLiveState on LifeRecord {
  id
  updatedAt
  submitted
  version
  inventoryTypeId
  formVersion
}`) as unknown as TypedDocumentString<RecordPollQuery, RecordPollQueryVariables>;
export const RecordLiveDocument = new TypedDocumentString(`
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
    fragment RecordLiveState on LifeRecord {
  id
  updatedAt
  submitted
  version
  inventoryTypeId
  formVersion
}`) as unknown as TypedDocumentString<RecordLiveSubscription, RecordLiveSubscriptionVariables>;
export const SaveRecordAnswersDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<SaveRecordAnswersMutation, SaveRecordAnswersMutationVariables>;
export const SubmitRecordDocument = new TypedDocumentString(`
    mutation SubmitRecord($input: SubmitRecordInput!) {
  submitRecord(input: $input) {
    id
    data
    updatedAt
    submitted
    version
  }
}
    `) as unknown as TypedDocumentString<SubmitRecordMutation, SubmitRecordMutationVariables>;
export const RecordAiConsentDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<RecordAiConsentQuery, RecordAiConsentQueryVariables>;
export const SetAiConsentDocument = new TypedDocumentString(`
    mutation SetAiConsent($recordId: ID!, $agreed: Boolean!) {
  setAiConsent(recordId: $recordId, agreed: $agreed) {
    recordId
    agreed
    changedAt
  }
}
    `) as unknown as TypedDocumentString<SetAiConsentMutation, SetAiConsentMutationVariables>;
export const MyRecordAuditDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<MyRecordAuditQuery, MyRecordAuditQueryVariables>;
export const FormVersionFormDocument = new TypedDocumentString(`
    query FormVersionForm($id: ID!, $number: Int!) {
  formVersionForm(inventoryTypeId: $id, number: $number)
}
    `) as unknown as TypedDocumentString<FormVersionFormQuery, FormVersionFormQueryVariables>;
export const PublishFormVersionDocument = new TypedDocumentString(`
    mutation PublishFormVersion($id: ID!) {
  publishFormVersion(inventoryTypeId: $id) {
    number
  }
}
    `) as unknown as TypedDocumentString<PublishFormVersionMutation, PublishFormVersionMutationVariables>;
export const DownloadReportGenerationDocument = new TypedDocumentString(`
    mutation DownloadReportGeneration($id: ID!) {
  downloadReportGeneration(id: $id) {
    id
    dateGenerated
    response
  }
}
    `) as unknown as TypedDocumentString<DownloadReportGenerationMutation, DownloadReportGenerationMutationVariables>;