/**
 * The authorization matrix of the data API (DESIGN §6): every operation of schema.graphql and of
 * the /api services (users, invitations, checkout, payments sandbox, reports, narrative), for each of the seven actors, with what must happen. It is the one source of
 * `authorization-matrix.test.ts` (which runs every cell against the real server) and of
 * `docs/authorization.md` (`npm run docs:authorization`). The expectations are written here by
 * hand, not derived from the policy, so the test checks the policy rather than restating it.
 */
export const ACTORS = [
  'anonymous',
  'noRole',
  'owner',
  'otherClient',
  'customerA',
  'customerB',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];

export const ACTOR_DESCRIPTIONS: Record<ActorName, string> = {
  anonymous: 'no token',
  noRole: 'signed in, no role, no organization',
  owner: 'client of organization A who owns the record',
  otherClient: 'another client of organization A',
  customerA: 'customer of organization A (the record’s organization)',
  customerB: 'customer of organization B',
  admin: 'admin',
};

export type Expectation = 'allow' | 'empty' | 'hidden' | 'unauthenticated' | 'forbidden' | 'not-found';

export const EXPECTATION_TEXT: Record<Expectation, string> = {
  allow: 'allowed',
  empty: 'allowed, but the list is empty (nothing visible)',
  hidden: 'allowed, the field comes back empty (null or [])',
  unauthenticated: 'refused: not signed in (401 / UNAUTHENTICATED, WebSocket closed with 4401)',
  forbidden: 'refused: not permitted (403 / FORBIDDEN)',
  'not-found': 'answered "not found", exactly as for an id that does not exist (404 / NOT_FOUND)',
};

export const EXPECTATION_SYMBOL: Record<Expectation, string> = {
  allow: '✅ allow',
  empty: '∅ empty',
  hidden: '◌ hidden',
  unauthenticated: '🔒 401',
  forbidden: '⛔ 403',
  'not-found': '❔ 404',
};

export type OperationKind = 'query' | 'mutation' | 'subscription' | 'http' | 'field';

export interface MatrixRow {
  /** Unique key; the test has one recipe per key. */
  key: string;
  kind: OperationKind;
  /** The operation as a caller writes it. */
  operation: string;
  /** What the cell acts on, in the fixtures' terms. */
  target: string;
  expect: Record<ActorName, Expectation>;
}

/** One expectation per actor, in the order of ACTORS. */
function cells(
  ...values: [Expectation, Expectation, Expectation, Expectation, Expectation, Expectation, Expectation]
) {
  return Object.fromEntries(ACTORS.map((actor, i) => [actor, values[i]])) as Record<ActorName, Expectation>;
}

// biome-ignore format: one column per actor
const SIGNED_IN = cells('unauthenticated', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow');
// biome-ignore format: one column per actor
const CUSTOMERS_AND_ADMINS = cells('unauthenticated', 'forbidden', 'forbidden', 'forbidden', 'allow', 'allow', 'allow');
// biome-ignore format: one column per actor
const ADMINS = cells('unauthenticated', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'allow');
/** Readable by its owner, its organization's customers and admins; hidden from everyone else. */
// biome-ignore format: one column per actor
const RECORD_READERS = cells('unauthenticated', 'not-found', 'allow', 'not-found', 'allow', 'not-found', 'allow');
/** Changeable by its owner only (customer-app §6). */
// biome-ignore format: one column per actor
const RECORD_OWNER = cells('unauthenticated', 'not-found', 'allow', 'not-found', 'forbidden', 'not-found', 'forbidden');

/** Inviting into and buying for organization A: its customers and admins; nobody else learns of it. */
// biome-ignore format: one column per actor
const ORGANIZATION_BUYERS = cells('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow');

const OWNED = 'the owner’s open record (organization A)';

function row(
  key: string,
  kind: OperationKind,
  operation: string,
  target: string,
  expect: Record<ActorName, Expectation>,
): MatrixRow {
  return { key, kind, operation, target, expect };
}

// biome-ignore format: a table reads best with one line per operation
export const AUTHORIZATION_MATRIX: readonly MatrixRow[] = [
  // Queries (customer-app §7 calls 1–6, 9, 11; admin-app §7)
  row('viewer', 'query', 'viewer', 'oneself', SIGNED_IN),
  row('recordsByClient', 'query', 'recordsByClient(clientId)', 'the owner’s records', cells('unauthenticated', 'empty', 'allow', 'empty', 'allow', 'empty', 'allow')),
  row('products', 'query', 'products', 'all products', SIGNED_IN),
  row('inventoryTypes', 'query', 'inventoryTypes', 'all inventory types', CUSTOMERS_AND_ADMINS),
  row('inventoryType', 'query', 'inventoryType(id)', 'an inventory type', CUSTOMERS_AND_ADMINS),
  row('organization', 'query', 'organization(id)', 'organization A', cells('unauthenticated', 'not-found', 'allow', 'allow', 'allow', 'not-found', 'allow')),
  row('organizationRecords', 'query', 'organizationRecords(organizationId)', 'organization A', cells('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow')),
  row('record', 'query', 'record(id)', OWNED, RECORD_READERS),
  row('recordSince', 'query', 'recordSince(id, knownVersion)', OWNED, RECORD_READERS),
  row('records', 'query', 'records', 'every record', ADMINS),
  row('recordsPage', 'query', 'recordsPage(input)', 'a page of every record (admin console)', ADMINS),
  row('usersPage', 'query', 'usersPage(input)', 'a page of all users (admin console)', ADMINS),
  row('purchases', 'query', 'purchases', 'every organization’s purchases', ADMINS),
  row('supportMessages', 'query', 'supportMessages', 'every contact-form message', ADMINS),
  row('latestReportGeneration', 'query', 'latestReportGeneration(recordId)', OWNED, ADMINS),
  row('organizations', 'query', 'organizations', 'all organizations', ADMINS),
  row('users', 'query', 'users', 'all users', ADMINS),
  // Form versions (issue 12, decision 100)
  row('formVersions', 'query', 'formVersions(inventoryTypeId)', 'the fixtures’ type', ADMINS),
  row('formVersionForm', 'query', 'formVersionForm(inventoryTypeId, number)', 'version 1 of the fixtures’ type', ADMINS),
  row('previewRecordMigration', 'query', 'previewRecordMigration(input)', 'two fresh types with a record each', ADMINS),
  row('recordMigrationBatches', 'query', 'recordMigrationBatches(inventoryTypeId)', 'the fixtures’ type', ADMINS),
  row('publishFormVersion', 'mutation', 'publishFormVersion(inventoryTypeId)', 'a fresh type', ADMINS),
  row('migrateRecordsMapped', 'mutation', 'migrateRecordsMapped(input)', 'two fresh types with a record each', ADMINS),
  row('undoRecordMigration', 'mutation', 'undoRecordMigration(batchId)', 'a fresh migration', ADMINS),
  // Mutations (customer-app §7 calls 7, 8, 12; admin-app §4, §7)
  row('saveRecordAnswers', 'mutation', 'saveRecordAnswers(input)', OWNED, RECORD_OWNER),
  row('submitRecord', 'mutation', 'submitRecord(input)', 'a fresh open record of the owner', RECORD_OWNER),
  row('updateReportGeneration', 'mutation', 'updateReportGeneration(id, response)', 'a generation of the owner’s record', ADMINS),
  row('setRecordSubmitted', 'mutation', 'setRecordSubmitted(id, submitted)', 'a fresh record of the owner', ADMINS),
  row('createInventoryType', 'mutation', 'createInventoryType(input)', 'a new type', ADMINS),
  row('updateInventoryType', 'mutation', 'updateInventoryType(id, input)', 'a fresh type', ADMINS),
  row('cloneInventoryType', 'mutation', 'cloneInventoryType(id)', 'the fixtures’ type', ADMINS),
  row('migrateRecords', 'mutation', 'migrateRecords(sourceTypeId, targetTypeId)', 'two fresh types', ADMINS),
  row('createOrganization', 'mutation', 'createOrganization(input)', 'a new organization', ADMINS),
  row('updateOrganization', 'mutation', 'updateOrganization(id, input)', 'a fresh organization', ADMINS),
  row('createProduct', 'mutation', 'createProduct(input)', 'a new product', ADMINS),
  row('updateProduct', 'mutation', 'updateProduct(id, input)', 'the fixtures’ product', ADMINS),
  row('updateUser', 'mutation', 'updateUser(id, input)', 'a fresh user', ADMINS),
  // Issue 29: the audit of reads and sends, and the owner's consent to an outside AI
  row('myAudit', 'query', 'myAudit(input)', 'the caller’s own entries only (nobody reads another person’s)', SIGNED_IN),
  row('auditPage', 'query', 'auditPage(input)', 'every audit entry (admin console)', ADMINS),
  row('setAiConsent', 'mutation', 'setAiConsent(recordId, agreed)', OWNED, RECORD_OWNER),
  row('downloadReportGeneration', 'mutation', 'downloadReportGeneration(id)', 'a generation of the owner’s record', ADMINS),
  row('LifeRecord.aiConsent', 'field', 'record(id) { aiConsent { agreed } }', OWNED, RECORD_READERS),
  // Subscription (customer-app §7 call 10)
  row('subscription.record', 'subscription', 'subscription record(id)', OWNED, RECORD_READERS),
  // Users service (admin-app §7)
  row('GET /api/users', 'http', 'GET /api/users', 'every user’s roles', ADMINS),
  row('PUT /api/users', 'http', 'PUT /api/users', 'a fresh user’s roles', ADMINS),
  // Sessions (issue 29 §4): the person themself, or an admin on any user
  row('POST /api/sign-out-everywhere', 'http', 'POST /api/sign-out-everywhere', 'the caller’s own sign-ins', SIGNED_IN),
  row('POST /api/users/:id/sign-out-everywhere', 'http', 'POST /api/users/:id/sign-out-everywhere', 'a fresh user’s sign-ins', ADMINS),
  // Erasure (issue 30 §6): the person themself (with their password), or an admin on another person
  row('POST /api/account/erase', 'http', 'POST /api/account/erase', 'the caller’s own account (the cell stops at the password: a wrong one answers 400 once let through)', SIGNED_IN),
  row('POST /api/users/:id/erase', 'http', 'POST /api/users/:id/erase', 'a fresh user and their story', ADMINS),
  // Invite service (customer-app §7): the organization's customers and admins only
  row('POST /api/invite', 'http', 'POST /api/invite', 'a fresh credit of organization A', ORGANIZATION_BUYERS),
  row('POST /api/resend', 'http', 'POST /api/resend', OWNED, cells('unauthenticated', 'not-found', 'forbidden', 'not-found', 'allow', 'not-found', 'allow')),
  // Checkout (customer-app §7) for the caller's own organization; the admin of the fixtures has none
  row('POST /api/create-checkout-session', 'http', 'POST /api/create-checkout-session', 'the product’s price, for the caller’s organization (the admin has none)', cells('unauthenticated', 'forbidden', 'forbidden', 'forbidden', 'allow', 'allow', 'not-found')),
  // The payments sandbox (docs/decisions/070): nothing is paid, so only those who may buy for the organization
  row('GET /api/sandbox-checkout', 'http', 'GET /api/sandbox-checkout/:productId', 'the product, for organization A', ORGANIZATION_BUYERS),
  row('POST /api/sandbox-checkout', 'http', 'POST /api/sandbox-checkout/:productId', 'the product, for organization A', ORGANIZATION_BUYERS),
  // AI service (customer-app §7 Report service and the wizard's narrative, made by the server)
  row('POST /api/reports', 'http', 'POST /api/reports', 'a report of the owner’s record (offline generator)', ADMINS),
  // Issue 12: a person's copy of what they wrote; everyone signed in gets their own records only.
  row('GET /api/my-data', 'http', 'GET /api/my-data', 'the caller’s own records', SIGNED_IN),
  row('GET /api/my-data/archive', 'http', 'GET /api/my-data/archive', 'the caller’s own records and recordings (ZIP)', SIGNED_IN),
  row('POST /api/narrative', 'http', 'POST /api/narrative', 'a narrative from wizard answers (offline generator)', CUSTOMERS_AND_ADMINS),
  // Issue 41: spoken answers. Recorded, deleted and transcribed by the record's owner only; played
  // by whoever may read the record (a non-owner's playback is entered in the audit first).
  row('POST /api/recordings/uploads', 'http', 'POST /api/recordings/uploads (tus creation)', `a recording of a question of ${OWNED}`, RECORD_OWNER),
  row('PATCH /api/recordings/uploads/:id', 'http', 'PATCH /api/recordings/uploads/:id (tus)', 'the owner’s unfinished upload', RECORD_OWNER),
  row('GET /api/recordings/:id/audio', 'http', 'GET /api/recordings/:id/audio', `a recording of ${OWNED}`, RECORD_READERS),
  row('DELETE /api/recordings/:id', 'http', 'DELETE /api/recordings/:id', `a fresh recording of ${OWNED}`, RECORD_OWNER),
  row('POST /api/recordings/:id/transcription', 'http', 'POST /api/recordings/:id/transcription', `a recording of ${OWNED} (no endpoint here: the owner is told so, 503)`, RECORD_OWNER),
  // Issue 42: the person's own book; only its owner asks for it, follows it and downloads it.
  row('POST /api/records/:id/books', 'http', 'POST /api/records/:id/books', `a book of ${OWNED}`, RECORD_OWNER),
  row('POST /api/records/:id/book-pages', 'http', 'POST /api/records/:id/book-pages', `the book preview's page numbers of ${OWNED}`, RECORD_OWNER),
  row('GET /api/books/:id', 'http', 'GET /api/books/:id', 'the owner’s book', cells('unauthenticated', 'not-found', 'allow', 'not-found', 'not-found', 'not-found', 'not-found')),
  row('GET /api/books/:id/file', 'http', 'GET /api/books/:id/file', 'the owner’s made book', cells('unauthenticated', 'not-found', 'allow', 'not-found', 'not-found', 'not-found', 'not-found')),
  // Issue 43: reminders. The owner alone reads and sets them; the one-click unsubscribe needs no
  // sign-in (its signed, single-purpose token is the authority); the organization sees progress and
  // whether reminders are on, and suggests them; admins see mails that kept failing.
  row('GET /api/reminders', 'http', 'GET /api/reminders', 'one’s own records’ reminders', SIGNED_IN),
  row('GET /api/records/:id/reminders', 'http', 'GET /api/records/:id/reminders', OWNED, RECORD_OWNER),
  row('PUT /api/records/:id/reminders', 'http', 'PUT /api/records/:id/reminders', OWNED, RECORD_OWNER),
  row('POST /api/records/:id/reminders/snooze', 'http', 'POST /api/records/:id/reminders/snooze', `${OWNED}, reminders on`, RECORD_OWNER),
  row('POST /api/reminders/unsubscribe', 'http', 'POST /api/reminders/unsubscribe?token=', `${OWNED}, with the token of its reminder mail`, cells('allow', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow')),
  row('GET /api/reminders/unsubscribe', 'http', 'GET /api/reminders/unsubscribe?token= (a page with a button; changes nothing)', `${OWNED}, with the token of its reminder mail`, cells('allow', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow')),
  row('GET /api/organizations/:id/record-activity', 'http', 'GET /api/organizations/:id/record-activity', 'organization A', cells('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow')),
  row('PUT /api/organizations/:id/reminder-suggestion', 'http', 'PUT /api/organizations/:id/reminder-suggestion', 'organization A', cells('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow')),
  row('GET /api/admin/mail-failures', 'http', 'GET /api/admin/mail-failures', 'mails that kept failing', ADMINS),
  // Field level (customer-app §6: a client never receives generations, report text or others' e-mails)
  row('LifeRecord.reportGenerations', 'field', 'record(id) { reportGenerations }', OWNED, cells('unauthenticated', 'not-found', 'hidden', 'not-found', 'hidden', 'not-found', 'allow')),
  row('LifeRecord.report', 'field', 'record(id) { report }', OWNED, cells('unauthenticated', 'not-found', 'hidden', 'not-found', 'hidden', 'not-found', 'allow')),
  row('RecordUser.email', 'field', 'record(id) { user { email } }', `${OWNED} (the owner’s own e-mail)`, RECORD_READERS),
  row('RecordUser.email of a list', 'field', 'organizationRecords(organizationId) { user { email } }', 'other people’s records (organization A)', cells('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow')),
  row('RecordUser.federatedId', 'field', 'record(id) { user { federatedId } }', OWNED, cells('unauthenticated', 'not-found', 'allow', 'not-found', 'hidden', 'not-found', 'allow')),
  row('InventoryType.form through a record', 'field', 'record(id) { inventoryType { form } }', OWNED, RECORD_READERS),
  row('Product.paymentLink', 'field', 'products { paymentLink }', 'the product (the payments sandbox)', SIGNED_IN),
  row('InventoryType.form through products', 'field', 'products { inventoryType { form } }', 'the product’s type', CUSTOMERS_AND_ADMINS),
  row('InventoryType.reportQuery', 'field', 'products { inventoryType { reportQuery } }', 'the product’s type', cells('unauthenticated', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'allow')),
  row('Organization.availableCredits', 'field', 'organization(id) { availableCredits }', 'organization A (it has a credit)', cells('unauthenticated', 'not-found', 'hidden', 'hidden', 'allow', 'not-found', 'allow')),
];
