/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AccountOrganization {\n    viewer {\n      id\n      organization {\n        id\n        name\n        phone\n        website\n        availableCredits {\n          count\n          inventoryType {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.AccountOrganizationDocument,
    "\n  query OrganizationRecords($organizationId: ID!) {\n    organizationRecords(organizationId: $organizationId) {\n      id\n      unreadable\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n    }\n  }\n": typeof types.OrganizationRecordsDocument,
    "\n  query AdminRecords($input: RecordsPageInput!) {\n    recordsPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      records {\n      id\n      unreadable\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        id\n        name\n      }\n      organization {\n        id\n        name\n      }\n      inventoryType {\n        id\n        name\n        model\n      }\n      reportGenerations {\n        id\n      }\n      }\n    }\n  }\n": typeof types.AdminRecordsDocument,
    "\n  mutation SetRecordSubmitted($id: ID!, $submitted: Boolean!) {\n    setRecordSubmitted(id: $id, submitted: $submitted) {\n      id\n      submitted\n      updatedAt\n    }\n  }\n": typeof types.SetRecordSubmittedDocument,
    "\n  query LatestGeneration($recordId: ID!) {\n    latestReportGeneration(recordId: $recordId) {\n      id\n    }\n  }\n": typeof types.LatestGenerationDocument,
    "\n  query AdminOrganizations {\n    organizations {\n      id\n      name\n      phone\n      website\n      supportText\n      supportPhone\n      supportUrl\n    }\n  }\n": typeof types.AdminOrganizationsDocument,
    "\n  mutation CreateOrganization($input: OrganizationInput!) {\n    createOrganization(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateOrganizationDocument,
    "\n  mutation UpdateOrganization($id: ID!, $input: OrganizationInput!) {\n    updateOrganization(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateOrganizationDocument,
    "\n  query AdminUsers($input: UsersPageInput!) {\n    usersPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      allRoles {\n        id\n        name\n      }\n      users {\n        id\n        name\n        email\n        federatedId\n        erasedAt\n        organization {\n          id\n          name\n        }\n        roles {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  query OrganizationChoices {\n    organizations {\n      id\n      name\n    }\n  }\n": typeof types.OrganizationChoicesDocument,
    "\n  mutation UpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  query AdminInventoryTypes {\n    inventoryTypes {\n      id\n      name\n      description\n      reportQuery\n    }\n  }\n": typeof types.AdminInventoryTypesDocument,
    "\n  mutation CloneInventoryType($id: ID!) {\n    cloneInventoryType(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.CloneInventoryTypeDocument,
    "\n  mutation MigrateRecords($sourceTypeId: ID!, $targetTypeId: ID!) {\n    migrateRecords(sourceTypeId: $sourceTypeId, targetTypeId: $targetTypeId) {\n      updated\n      failed\n      message\n    }\n  }\n": typeof types.MigrateRecordsDocument,
    "\n  query AdminProducts {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      stripeId\n      stripePaylink\n      paymentLink\n      inventoryType {\n        id\n        name\n      }\n    }\n    inventoryTypes {\n      id\n      name\n    }\n  }\n": typeof types.AdminProductsDocument,
    "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateProductDocument,
    "\n  query AdminPurchases {\n    purchases {\n      id\n      createdAt\n      provider\n      providerRef\n      organization {\n        id\n        name\n      }\n      productName\n      credits\n      amount\n    }\n  }\n": typeof types.AdminPurchasesDocument,
    "\n  query AdminSupportMessages {\n    supportMessages {\n      id\n      createdAt\n      name\n      email\n      message\n    }\n  }\n": typeof types.AdminSupportMessagesDocument,
    "\n  query AdminAudit($input: AuditPageInput!) {\n    auditPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      entries {\n        id\n        at\n        actorName\n        actorRole\n        actorOrganization\n        subjectName\n        recordId\n        action\n        provider\n        model\n        requestId\n      }\n    }\n  }\n": typeof types.AdminAuditDocument,
    "\n  query BookRecord($id: ID!) {\n    record(id: $id) {\n      id\n      submitted\n      data\n      user {\n        id\n        federatedId\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n      form {\n        template\n        problem\n      }\n    }\n  }\n": typeof types.BookRecordDocument,
    "\n  query DatasyncRecord($id: ID!) {\n    record(id: $id) {\n      id\n      data\n      formVersion\n      inventoryType {\n        id\n      }\n    }\n    inventoryTypes {\n      id\n      name\n    }\n  }\n": typeof types.DatasyncRecordDocument,
    "\n  query DatasyncForm($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      form\n    }\n  }\n": typeof types.DatasyncFormDocument,
    "\n  query FormVersions($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      name\n    }\n    formVersions(inventoryTypeId: $id) {\n      draftChanged\n      versions {\n        number\n        publishedAt\n        publishedBy\n        recordCount\n      }\n    }\n  }\n": typeof types.FormVersionsDocument,
    "\n  query MigrationTargets {\n    inventoryTypes {\n      id\n      name\n    }\n  }\n": typeof types.MigrationTargetsDocument,
    "\n  query TargetVersions($id: ID!) {\n    formVersions(inventoryTypeId: $id) {\n      versions {\n        number\n      }\n    }\n  }\n": typeof types.TargetVersionsDocument,
    "\n  query PreviewRecordMigration($input: RecordMigrationInput!) {\n    previewRecordMigration(input: $input) {\n      records\n      submittedLeftOut\n      carried {\n        from\n        to\n        answers\n      }\n      leftBehind {\n        key\n        reason\n        answers\n      }\n    }\n  }\n": typeof types.PreviewRecordMigrationDocument,
    "\n  mutation MigrateRecordsMapped($input: RecordMigrationInput!) {\n    migrateRecordsMapped(input: $input) {\n      batchId\n      migrated\n      changedDuring\n      message\n    }\n  }\n": typeof types.MigrateRecordsMappedDocument,
    "\n  mutation UndoRecordMigration($batchId: ID!) {\n    undoRecordMigration(batchId: $batchId) {\n      restored\n      changedSince\n      message\n    }\n  }\n": typeof types.UndoRecordMigrationDocument,
    "\n  query RecordMigrationBatches($id: ID!) {\n    recordMigrationBatches(inventoryTypeId: $id) {\n      batchId\n      createdAt\n      fromTypeId\n      fromVersion\n      toTypeId\n      toVersion\n      records\n      undone\n    }\n  }\n": typeof types.RecordMigrationBatchesDocument,
    "\n  query BuilderInventoryType($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      name\n      description\n      form\n      reportQuery\n      model\n    }\n  }\n": typeof types.BuilderInventoryTypeDocument,
    "\n  mutation CreateBuilderInventoryType($input: InventoryTypeInput!) {\n    createInventoryType(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateBuilderInventoryTypeDocument,
    "\n  mutation UpdateBuilderInventoryType($id: ID!, $input: InventoryTypeInput!) {\n    updateInventoryType(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateBuilderInventoryTypeDocument,
    "\n  query HomeRecords {\n    viewer {\n      id\n      name\n      records {\n        id\n        createdAt\n        updatedAt\n        submitted\n        inventoryType {\n          name\n        }\n      }\n    }\n  }\n": typeof types.HomeRecordsDocument,
    "\n  query Products {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      paymentLink\n      inventoryType {\n        name\n      }\n    }\n  }\n": typeof types.ProductsDocument,
    "\n  query RecordReportGenerations($id: ID!) {\n    record(id: $id) {\n      id\n      inventoryType {\n        id\n        model\n      }\n      reportGenerations {\n        id\n        dateGenerated\n        response\n        model\n      }\n    }\n  }\n": typeof types.RecordReportGenerationsDocument,
    "\n  subscription RecordReportGenerationsLive($id: ID!) {\n    record(id: $id) {\n      id\n      reportGenerations {\n        id\n        dateGenerated\n        response\n        model\n      }\n    }\n  }\n": typeof types.RecordReportGenerationsLiveDocument,
    "\n  mutation UpdateReportGeneration($id: ID!, $response: String!) {\n    updateReportGeneration(id: $id, response: $response) {\n      id\n      dateGenerated\n      response\n      model\n    }\n  }\n": typeof types.UpdateReportGenerationDocument,
    "\n  query RecordScreen($id: ID!) {\n    record(id: $id) {\n      id\n      createdAt\n      updatedAt\n      version\n      submitted\n      data\n      inventoryTypeId\n      formVersion\n      user {\n        id\n        federatedId\n        name\n      }\n      organization {\n        id\n        name\n        supportText\n        supportPhone\n        supportUrl\n      }\n      inventoryType {\n        id\n        name\n      }\n      form {\n        template\n        problem\n      }\n      # Issue 26 §3: how migrations moved its answers, for answers typed against an earlier form.\n      formChanges {\n        version\n        fromFormVersion\n        moves {\n          from\n          to\n        }\n      }\n    }\n  }\n": typeof types.RecordScreenDocument,
    "\n  fragment RecordLiveState on LifeRecord {\n    id\n    updatedAt\n    submitted\n    version\n    inventoryTypeId\n    formVersion\n  }\n": typeof types.RecordLiveStateFragmentDoc,
    "\n  query RecordPoll($id: ID!, $knownVersion: Int!) {\n    recordSince(id: $id, knownVersion: $knownVersion) {\n      version\n      record {\n        ...RecordLiveState\n        data\n      }\n    }\n  }\n": typeof types.RecordPollDocument,
    "\n  subscription RecordLive($id: ID!) {\n    record(id: $id) {\n      ...RecordLiveState\n      answerChanges {\n        full\n        sinceVersion\n        answers\n      }\n    }\n  }\n": typeof types.RecordLiveDocument,
    "\n  mutation SaveRecordAnswers($input: SaveRecordAnswersInput!) {\n    saveRecordAnswers(input: $input) {\n      id\n      data\n      updatedAt\n      version\n      conflictingKeys\n      inventoryTypeId\n      formVersion\n    }\n  }\n": typeof types.SaveRecordAnswersDocument,
    "\n  mutation SubmitRecord($input: SubmitRecordInput!) {\n    submitRecord(input: $input) {\n      id\n      data\n      updatedAt\n      submitted\n      version\n    }\n  }\n": typeof types.SubmitRecordDocument,
    "\n  query RecordAiConsent($id: ID!) {\n    record(id: $id) {\n      id\n      aiConsent {\n        recordId\n        agreed\n        changedAt\n      }\n    }\n  }\n": typeof types.RecordAiConsentDocument,
    "\n  mutation SetAiConsent($recordId: ID!, $agreed: Boolean!) {\n    setAiConsent(recordId: $recordId, agreed: $agreed) {\n      recordId\n      agreed\n      changedAt\n    }\n  }\n": typeof types.SetAiConsentDocument,
    "\n  query MyRecordAudit($input: AuditPageInput!) {\n    myAudit(input: $input) {\n      totalCount\n      page\n      pageCount\n      entries {\n        id\n        at\n        who\n        what\n      }\n    }\n  }\n": typeof types.MyRecordAuditDocument,
    "\n  query FormVersionForm($id: ID!, $number: Int!) {\n    formVersionForm(inventoryTypeId: $id, number: $number)\n  }\n": typeof types.FormVersionFormDocument,
    "\n  mutation PublishFormVersion($id: ID!) {\n    publishFormVersion(inventoryTypeId: $id) {\n      number\n    }\n  }\n": typeof types.PublishFormVersionDocument,
    "\n  mutation DownloadReportGeneration($id: ID!) {\n    downloadReportGeneration(id: $id) {\n      id\n      dateGenerated\n      response\n    }\n  }\n": typeof types.DownloadReportGenerationDocument,
};
const documents: Documents = {
    "\n  query AccountOrganization {\n    viewer {\n      id\n      organization {\n        id\n        name\n        phone\n        website\n        availableCredits {\n          count\n          inventoryType {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.AccountOrganizationDocument,
    "\n  query OrganizationRecords($organizationId: ID!) {\n    organizationRecords(organizationId: $organizationId) {\n      id\n      unreadable\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n    }\n  }\n": types.OrganizationRecordsDocument,
    "\n  query AdminRecords($input: RecordsPageInput!) {\n    recordsPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      records {\n      id\n      unreadable\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        id\n        name\n      }\n      organization {\n        id\n        name\n      }\n      inventoryType {\n        id\n        name\n        model\n      }\n      reportGenerations {\n        id\n      }\n      }\n    }\n  }\n": types.AdminRecordsDocument,
    "\n  mutation SetRecordSubmitted($id: ID!, $submitted: Boolean!) {\n    setRecordSubmitted(id: $id, submitted: $submitted) {\n      id\n      submitted\n      updatedAt\n    }\n  }\n": types.SetRecordSubmittedDocument,
    "\n  query LatestGeneration($recordId: ID!) {\n    latestReportGeneration(recordId: $recordId) {\n      id\n    }\n  }\n": types.LatestGenerationDocument,
    "\n  query AdminOrganizations {\n    organizations {\n      id\n      name\n      phone\n      website\n      supportText\n      supportPhone\n      supportUrl\n    }\n  }\n": types.AdminOrganizationsDocument,
    "\n  mutation CreateOrganization($input: OrganizationInput!) {\n    createOrganization(input: $input) {\n      id\n    }\n  }\n": types.CreateOrganizationDocument,
    "\n  mutation UpdateOrganization($id: ID!, $input: OrganizationInput!) {\n    updateOrganization(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateOrganizationDocument,
    "\n  query AdminUsers($input: UsersPageInput!) {\n    usersPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      allRoles {\n        id\n        name\n      }\n      users {\n        id\n        name\n        email\n        federatedId\n        erasedAt\n        organization {\n          id\n          name\n        }\n        roles {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  query OrganizationChoices {\n    organizations {\n      id\n      name\n    }\n  }\n": types.OrganizationChoicesDocument,
    "\n  mutation UpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateUserDocument,
    "\n  query AdminInventoryTypes {\n    inventoryTypes {\n      id\n      name\n      description\n      reportQuery\n    }\n  }\n": types.AdminInventoryTypesDocument,
    "\n  mutation CloneInventoryType($id: ID!) {\n    cloneInventoryType(id: $id) {\n      id\n      name\n    }\n  }\n": types.CloneInventoryTypeDocument,
    "\n  mutation MigrateRecords($sourceTypeId: ID!, $targetTypeId: ID!) {\n    migrateRecords(sourceTypeId: $sourceTypeId, targetTypeId: $targetTypeId) {\n      updated\n      failed\n      message\n    }\n  }\n": types.MigrateRecordsDocument,
    "\n  query AdminProducts {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      stripeId\n      stripePaylink\n      paymentLink\n      inventoryType {\n        id\n        name\n      }\n    }\n    inventoryTypes {\n      id\n      name\n    }\n  }\n": types.AdminProductsDocument,
    "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": types.CreateProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateProductDocument,
    "\n  query AdminPurchases {\n    purchases {\n      id\n      createdAt\n      provider\n      providerRef\n      organization {\n        id\n        name\n      }\n      productName\n      credits\n      amount\n    }\n  }\n": types.AdminPurchasesDocument,
    "\n  query AdminSupportMessages {\n    supportMessages {\n      id\n      createdAt\n      name\n      email\n      message\n    }\n  }\n": types.AdminSupportMessagesDocument,
    "\n  query AdminAudit($input: AuditPageInput!) {\n    auditPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      entries {\n        id\n        at\n        actorName\n        actorRole\n        actorOrganization\n        subjectName\n        recordId\n        action\n        provider\n        model\n        requestId\n      }\n    }\n  }\n": types.AdminAuditDocument,
    "\n  query BookRecord($id: ID!) {\n    record(id: $id) {\n      id\n      submitted\n      data\n      user {\n        id\n        federatedId\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n      form {\n        template\n        problem\n      }\n    }\n  }\n": types.BookRecordDocument,
    "\n  query DatasyncRecord($id: ID!) {\n    record(id: $id) {\n      id\n      data\n      formVersion\n      inventoryType {\n        id\n      }\n    }\n    inventoryTypes {\n      id\n      name\n    }\n  }\n": types.DatasyncRecordDocument,
    "\n  query DatasyncForm($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      form\n    }\n  }\n": types.DatasyncFormDocument,
    "\n  query FormVersions($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      name\n    }\n    formVersions(inventoryTypeId: $id) {\n      draftChanged\n      versions {\n        number\n        publishedAt\n        publishedBy\n        recordCount\n      }\n    }\n  }\n": types.FormVersionsDocument,
    "\n  query MigrationTargets {\n    inventoryTypes {\n      id\n      name\n    }\n  }\n": types.MigrationTargetsDocument,
    "\n  query TargetVersions($id: ID!) {\n    formVersions(inventoryTypeId: $id) {\n      versions {\n        number\n      }\n    }\n  }\n": types.TargetVersionsDocument,
    "\n  query PreviewRecordMigration($input: RecordMigrationInput!) {\n    previewRecordMigration(input: $input) {\n      records\n      submittedLeftOut\n      carried {\n        from\n        to\n        answers\n      }\n      leftBehind {\n        key\n        reason\n        answers\n      }\n    }\n  }\n": types.PreviewRecordMigrationDocument,
    "\n  mutation MigrateRecordsMapped($input: RecordMigrationInput!) {\n    migrateRecordsMapped(input: $input) {\n      batchId\n      migrated\n      changedDuring\n      message\n    }\n  }\n": types.MigrateRecordsMappedDocument,
    "\n  mutation UndoRecordMigration($batchId: ID!) {\n    undoRecordMigration(batchId: $batchId) {\n      restored\n      changedSince\n      message\n    }\n  }\n": types.UndoRecordMigrationDocument,
    "\n  query RecordMigrationBatches($id: ID!) {\n    recordMigrationBatches(inventoryTypeId: $id) {\n      batchId\n      createdAt\n      fromTypeId\n      fromVersion\n      toTypeId\n      toVersion\n      records\n      undone\n    }\n  }\n": types.RecordMigrationBatchesDocument,
    "\n  query BuilderInventoryType($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      name\n      description\n      form\n      reportQuery\n      model\n    }\n  }\n": types.BuilderInventoryTypeDocument,
    "\n  mutation CreateBuilderInventoryType($input: InventoryTypeInput!) {\n    createInventoryType(input: $input) {\n      id\n    }\n  }\n": types.CreateBuilderInventoryTypeDocument,
    "\n  mutation UpdateBuilderInventoryType($id: ID!, $input: InventoryTypeInput!) {\n    updateInventoryType(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateBuilderInventoryTypeDocument,
    "\n  query HomeRecords {\n    viewer {\n      id\n      name\n      records {\n        id\n        createdAt\n        updatedAt\n        submitted\n        inventoryType {\n          name\n        }\n      }\n    }\n  }\n": types.HomeRecordsDocument,
    "\n  query Products {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      paymentLink\n      inventoryType {\n        name\n      }\n    }\n  }\n": types.ProductsDocument,
    "\n  query RecordReportGenerations($id: ID!) {\n    record(id: $id) {\n      id\n      inventoryType {\n        id\n        model\n      }\n      reportGenerations {\n        id\n        dateGenerated\n        response\n        model\n      }\n    }\n  }\n": types.RecordReportGenerationsDocument,
    "\n  subscription RecordReportGenerationsLive($id: ID!) {\n    record(id: $id) {\n      id\n      reportGenerations {\n        id\n        dateGenerated\n        response\n        model\n      }\n    }\n  }\n": types.RecordReportGenerationsLiveDocument,
    "\n  mutation UpdateReportGeneration($id: ID!, $response: String!) {\n    updateReportGeneration(id: $id, response: $response) {\n      id\n      dateGenerated\n      response\n      model\n    }\n  }\n": types.UpdateReportGenerationDocument,
    "\n  query RecordScreen($id: ID!) {\n    record(id: $id) {\n      id\n      createdAt\n      updatedAt\n      version\n      submitted\n      data\n      inventoryTypeId\n      formVersion\n      user {\n        id\n        federatedId\n        name\n      }\n      organization {\n        id\n        name\n        supportText\n        supportPhone\n        supportUrl\n      }\n      inventoryType {\n        id\n        name\n      }\n      form {\n        template\n        problem\n      }\n      # Issue 26 §3: how migrations moved its answers, for answers typed against an earlier form.\n      formChanges {\n        version\n        fromFormVersion\n        moves {\n          from\n          to\n        }\n      }\n    }\n  }\n": types.RecordScreenDocument,
    "\n  fragment RecordLiveState on LifeRecord {\n    id\n    updatedAt\n    submitted\n    version\n    inventoryTypeId\n    formVersion\n  }\n": types.RecordLiveStateFragmentDoc,
    "\n  query RecordPoll($id: ID!, $knownVersion: Int!) {\n    recordSince(id: $id, knownVersion: $knownVersion) {\n      version\n      record {\n        ...RecordLiveState\n        data\n      }\n    }\n  }\n": types.RecordPollDocument,
    "\n  subscription RecordLive($id: ID!) {\n    record(id: $id) {\n      ...RecordLiveState\n      answerChanges {\n        full\n        sinceVersion\n        answers\n      }\n    }\n  }\n": types.RecordLiveDocument,
    "\n  mutation SaveRecordAnswers($input: SaveRecordAnswersInput!) {\n    saveRecordAnswers(input: $input) {\n      id\n      data\n      updatedAt\n      version\n      conflictingKeys\n      inventoryTypeId\n      formVersion\n    }\n  }\n": types.SaveRecordAnswersDocument,
    "\n  mutation SubmitRecord($input: SubmitRecordInput!) {\n    submitRecord(input: $input) {\n      id\n      data\n      updatedAt\n      submitted\n      version\n    }\n  }\n": types.SubmitRecordDocument,
    "\n  query RecordAiConsent($id: ID!) {\n    record(id: $id) {\n      id\n      aiConsent {\n        recordId\n        agreed\n        changedAt\n      }\n    }\n  }\n": types.RecordAiConsentDocument,
    "\n  mutation SetAiConsent($recordId: ID!, $agreed: Boolean!) {\n    setAiConsent(recordId: $recordId, agreed: $agreed) {\n      recordId\n      agreed\n      changedAt\n    }\n  }\n": types.SetAiConsentDocument,
    "\n  query MyRecordAudit($input: AuditPageInput!) {\n    myAudit(input: $input) {\n      totalCount\n      page\n      pageCount\n      entries {\n        id\n        at\n        who\n        what\n      }\n    }\n  }\n": types.MyRecordAuditDocument,
    "\n  query FormVersionForm($id: ID!, $number: Int!) {\n    formVersionForm(inventoryTypeId: $id, number: $number)\n  }\n": types.FormVersionFormDocument,
    "\n  mutation PublishFormVersion($id: ID!) {\n    publishFormVersion(inventoryTypeId: $id) {\n      number\n    }\n  }\n": types.PublishFormVersionDocument,
    "\n  mutation DownloadReportGeneration($id: ID!) {\n    downloadReportGeneration(id: $id) {\n      id\n      dateGenerated\n      response\n    }\n  }\n": types.DownloadReportGenerationDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountOrganization {\n    viewer {\n      id\n      organization {\n        id\n        name\n        phone\n        website\n        availableCredits {\n          count\n          inventoryType {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AccountOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationRecords($organizationId: ID!) {\n    organizationRecords(organizationId: $organizationId) {\n      id\n      unreadable\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').OrganizationRecordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRecords($input: RecordsPageInput!) {\n    recordsPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      records {\n      id\n      unreadable\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        id\n        name\n      }\n      organization {\n        id\n        name\n      }\n      inventoryType {\n        id\n        name\n        model\n      }\n      reportGenerations {\n        id\n      }\n      }\n    }\n  }\n"): typeof import('./graphql').AdminRecordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRecordSubmitted($id: ID!, $submitted: Boolean!) {\n    setRecordSubmitted(id: $id, submitted: $submitted) {\n      id\n      submitted\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').SetRecordSubmittedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LatestGeneration($recordId: ID!) {\n    latestReportGeneration(recordId: $recordId) {\n      id\n    }\n  }\n"): typeof import('./graphql').LatestGenerationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrganizations {\n    organizations {\n      id\n      name\n      phone\n      website\n      supportText\n      supportPhone\n      supportUrl\n    }\n  }\n"): typeof import('./graphql').AdminOrganizationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrganization($input: OrganizationInput!) {\n    createOrganization(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrganization($id: ID!, $input: OrganizationInput!) {\n    updateOrganization(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($input: UsersPageInput!) {\n    usersPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      allRoles {\n        id\n        name\n      }\n      users {\n        id\n        name\n        email\n        federatedId\n        erasedAt\n        organization {\n          id\n          name\n        }\n        roles {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AdminUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationChoices {\n    organizations {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').OrganizationChoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminInventoryTypes {\n    inventoryTypes {\n      id\n      name\n      description\n      reportQuery\n    }\n  }\n"): typeof import('./graphql').AdminInventoryTypesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CloneInventoryType($id: ID!) {\n    cloneInventoryType(id: $id) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CloneInventoryTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MigrateRecords($sourceTypeId: ID!, $targetTypeId: ID!) {\n    migrateRecords(sourceTypeId: $sourceTypeId, targetTypeId: $targetTypeId) {\n      updated\n      failed\n      message\n    }\n  }\n"): typeof import('./graphql').MigrateRecordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProducts {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      stripeId\n      stripePaylink\n      paymentLink\n      inventoryType {\n        id\n        name\n      }\n    }\n    inventoryTypes {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').AdminProductsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateProductDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateProductDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPurchases {\n    purchases {\n      id\n      createdAt\n      provider\n      providerRef\n      organization {\n        id\n        name\n      }\n      productName\n      credits\n      amount\n    }\n  }\n"): typeof import('./graphql').AdminPurchasesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSupportMessages {\n    supportMessages {\n      id\n      createdAt\n      name\n      email\n      message\n    }\n  }\n"): typeof import('./graphql').AdminSupportMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAudit($input: AuditPageInput!) {\n    auditPage(input: $input) {\n      totalCount\n      page\n      pageCount\n      entries {\n        id\n        at\n        actorName\n        actorRole\n        actorOrganization\n        subjectName\n        recordId\n        action\n        provider\n        model\n        requestId\n      }\n    }\n  }\n"): typeof import('./graphql').AdminAuditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookRecord($id: ID!) {\n    record(id: $id) {\n      id\n      submitted\n      data\n      user {\n        id\n        federatedId\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n      form {\n        template\n        problem\n      }\n    }\n  }\n"): typeof import('./graphql').BookRecordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasyncRecord($id: ID!) {\n    record(id: $id) {\n      id\n      data\n      formVersion\n      inventoryType {\n        id\n      }\n    }\n    inventoryTypes {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').DatasyncRecordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasyncForm($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      form\n    }\n  }\n"): typeof import('./graphql').DatasyncFormDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FormVersions($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      name\n    }\n    formVersions(inventoryTypeId: $id) {\n      draftChanged\n      versions {\n        number\n        publishedAt\n        publishedBy\n        recordCount\n      }\n    }\n  }\n"): typeof import('./graphql').FormVersionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MigrationTargets {\n    inventoryTypes {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').MigrationTargetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TargetVersions($id: ID!) {\n    formVersions(inventoryTypeId: $id) {\n      versions {\n        number\n      }\n    }\n  }\n"): typeof import('./graphql').TargetVersionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewRecordMigration($input: RecordMigrationInput!) {\n    previewRecordMigration(input: $input) {\n      records\n      submittedLeftOut\n      carried {\n        from\n        to\n        answers\n      }\n      leftBehind {\n        key\n        reason\n        answers\n      }\n    }\n  }\n"): typeof import('./graphql').PreviewRecordMigrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MigrateRecordsMapped($input: RecordMigrationInput!) {\n    migrateRecordsMapped(input: $input) {\n      batchId\n      migrated\n      changedDuring\n      message\n    }\n  }\n"): typeof import('./graphql').MigrateRecordsMappedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoRecordMigration($batchId: ID!) {\n    undoRecordMigration(batchId: $batchId) {\n      restored\n      changedSince\n      message\n    }\n  }\n"): typeof import('./graphql').UndoRecordMigrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecordMigrationBatches($id: ID!) {\n    recordMigrationBatches(inventoryTypeId: $id) {\n      batchId\n      createdAt\n      fromTypeId\n      fromVersion\n      toTypeId\n      toVersion\n      records\n      undone\n    }\n  }\n"): typeof import('./graphql').RecordMigrationBatchesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BuilderInventoryType($id: ID!) {\n    inventoryType(id: $id) {\n      id\n      name\n      description\n      form\n      reportQuery\n      model\n    }\n  }\n"): typeof import('./graphql').BuilderInventoryTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBuilderInventoryType($input: InventoryTypeInput!) {\n    createInventoryType(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateBuilderInventoryTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBuilderInventoryType($id: ID!, $input: InventoryTypeInput!) {\n    updateInventoryType(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateBuilderInventoryTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeRecords {\n    viewer {\n      id\n      name\n      records {\n        id\n        createdAt\n        updatedAt\n        submitted\n        inventoryType {\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').HomeRecordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Products {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      paymentLink\n      inventoryType {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').ProductsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecordReportGenerations($id: ID!) {\n    record(id: $id) {\n      id\n      inventoryType {\n        id\n        model\n      }\n      reportGenerations {\n        id\n        dateGenerated\n        response\n        model\n      }\n    }\n  }\n"): typeof import('./graphql').RecordReportGenerationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RecordReportGenerationsLive($id: ID!) {\n    record(id: $id) {\n      id\n      reportGenerations {\n        id\n        dateGenerated\n        response\n        model\n      }\n    }\n  }\n"): typeof import('./graphql').RecordReportGenerationsLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateReportGeneration($id: ID!, $response: String!) {\n    updateReportGeneration(id: $id, response: $response) {\n      id\n      dateGenerated\n      response\n      model\n    }\n  }\n"): typeof import('./graphql').UpdateReportGenerationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecordScreen($id: ID!) {\n    record(id: $id) {\n      id\n      createdAt\n      updatedAt\n      version\n      submitted\n      data\n      inventoryTypeId\n      formVersion\n      user {\n        id\n        federatedId\n        name\n      }\n      organization {\n        id\n        name\n        supportText\n        supportPhone\n        supportUrl\n      }\n      inventoryType {\n        id\n        name\n      }\n      form {\n        template\n        problem\n      }\n      # Issue 26 §3: how migrations moved its answers, for answers typed against an earlier form.\n      formChanges {\n        version\n        fromFormVersion\n        moves {\n          from\n          to\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').RecordScreenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecordLiveState on LifeRecord {\n    id\n    updatedAt\n    submitted\n    version\n    inventoryTypeId\n    formVersion\n  }\n"): typeof import('./graphql').RecordLiveStateFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecordPoll($id: ID!, $knownVersion: Int!) {\n    recordSince(id: $id, knownVersion: $knownVersion) {\n      version\n      record {\n        ...RecordLiveState\n        data\n      }\n    }\n  }\n"): typeof import('./graphql').RecordPollDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RecordLive($id: ID!) {\n    record(id: $id) {\n      ...RecordLiveState\n      answerChanges {\n        full\n        sinceVersion\n        answers\n      }\n    }\n  }\n"): typeof import('./graphql').RecordLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveRecordAnswers($input: SaveRecordAnswersInput!) {\n    saveRecordAnswers(input: $input) {\n      id\n      data\n      updatedAt\n      version\n      conflictingKeys\n      inventoryTypeId\n      formVersion\n    }\n  }\n"): typeof import('./graphql').SaveRecordAnswersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitRecord($input: SubmitRecordInput!) {\n    submitRecord(input: $input) {\n      id\n      data\n      updatedAt\n      submitted\n      version\n    }\n  }\n"): typeof import('./graphql').SubmitRecordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecordAiConsent($id: ID!) {\n    record(id: $id) {\n      id\n      aiConsent {\n        recordId\n        agreed\n        changedAt\n      }\n    }\n  }\n"): typeof import('./graphql').RecordAiConsentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAiConsent($recordId: ID!, $agreed: Boolean!) {\n    setAiConsent(recordId: $recordId, agreed: $agreed) {\n      recordId\n      agreed\n      changedAt\n    }\n  }\n"): typeof import('./graphql').SetAiConsentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyRecordAudit($input: AuditPageInput!) {\n    myAudit(input: $input) {\n      totalCount\n      page\n      pageCount\n      entries {\n        id\n        at\n        who\n        what\n      }\n    }\n  }\n"): typeof import('./graphql').MyRecordAuditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FormVersionForm($id: ID!, $number: Int!) {\n    formVersionForm(inventoryTypeId: $id, number: $number)\n  }\n"): typeof import('./graphql').FormVersionFormDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishFormVersion($id: ID!) {\n    publishFormVersion(inventoryTypeId: $id) {\n      number\n    }\n  }\n"): typeof import('./graphql').PublishFormVersionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DownloadReportGeneration($id: ID!) {\n    downloadReportGeneration(id: $id) {\n      id\n      dateGenerated\n      response\n    }\n  }\n"): typeof import('./graphql').DownloadReportGenerationDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
