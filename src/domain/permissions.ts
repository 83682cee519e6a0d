import { ERASED_PERSON_NAME } from './erased-person.ts';
import { isCustomerOrAdmin, type Role } from './roles.ts';

/**
 * The one authorization policy (DESIGN §6). The server asks it before every read and write; the
 * client may ask it to decide what to show, but hiding a button is never the protection.
 *
 * Roles come from the database. Ownership of a record (`client` = the person) gives the owner's
 * rights whatever the person's roles, so an invited person reaches their record even before anyone
 * gives them the client role (docs/decisions/011-authorization-policy.md).
 */
export interface Actor {
  readonly userId: string;
  readonly organizationId: string | null;
  readonly roles: readonly Role[];
}

/** What the policy needs to know about a record. */
export interface RecordFacts {
  readonly clientId: string | null;
  readonly organizationId: string | null;
  readonly submitted: boolean;
}

/**
 * Why something is refused. `not-found` is the answer whenever the caller may not even see the
 * thing, so that an id never reveals whether it exists.
 */
export type DenialReason = 'unauthenticated' | 'forbidden' | 'not-found' | 'submitted';
export type Decision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: DenialReason };

const ALLOW: Decision = { allowed: true };
const deny = (reason: DenialReason): Decision => ({ allowed: false, reason });

const isAdmin = (actor: Actor) => actor.roles.includes('admin');
const isCustomer = (actor: Actor) => actor.roles.includes('customer');
/** customer-app §6: a customer acts for their own organization only. */
const isCustomerOf = (actor: Actor, organizationId: string | null) =>
  isCustomer(actor) && organizationId !== null && actor.organizationId === organizationId;

/** Who may do an operation that is not about one particular record or organization. */
type Audience = 'signed-in' | 'customer-or-admin' | 'admin';

export const GLOBAL_OPERATIONS = {
  'viewer.read': 'signed-in',
  // customer-app §6: Products requires authentication (any signed-in person may look).
  'products.list': 'signed-in',
  // customer-app §7 call 4 (Account: invite form) and admin-app (Inventory Types tab).
  'inventoryTypes.list': 'customer-or-admin',
  'inventoryType.read': 'customer-or-admin',
  // customer-app §2 Inventory and checkout: customers and admins.
  'narrative.generate': 'customer-or-admin',
  // customer-app §2 Checkout: creating a checkout session for the caller's own organization.
  'checkout.create': 'customer-or-admin',
  // admin-app §6: everything in the admin console is admins only.
  'records.listAll': 'admin',
  'record.setSubmitted': 'admin',
  'records.migrate': 'admin',
  'reportGeneration.read': 'admin',
  'reportGeneration.write': 'admin',
  'report.generate': 'admin',
  'inventoryType.write': 'admin',
  'inventoryType.readReportQuery': 'admin',
  'organizations.list': 'admin',
  'organization.write': 'admin',
  'product.write': 'admin',
  'users.list': 'admin',
  'user.write': 'admin',
  'userRoles.read': 'admin',
  'userRoles.write': 'admin',
  // Issue 10: the console's lists of purchases and of support messages.
  'purchases.list': 'admin',
  'supportMessages.list': 'admin',
  // Issue 29 §2: the console's Audit tab; a person's own entries need no role (audit-service.ts).
  'audit.list': 'admin',
  // Issue 30 §6: a person erases their own account; an admin erases another person (decision 131).
  'account.erase': 'signed-in',
  'user.erase': 'admin',
  // Issue 43 §4: the console's Mail view of mails that kept failing.
  'mail.failures': 'admin',
} as const satisfies Record<string, Audience>;
export type GlobalOperation = keyof typeof GLOBAL_OPERATIONS;

export function decide(actor: Actor | null, operation: GlobalOperation): Decision {
  if (!actor) return deny('unauthenticated');
  const audience: Audience = GLOBAL_OPERATIONS[operation];
  if (audience === 'signed-in' || isAdmin(actor)) return ALLOW;
  if (audience === 'customer-or-admin' && isCustomerOrAdmin(actor.roles)) return ALLOW;
  return deny('forbidden');
}

/**
 * The records an actor may read, as a filter the database can apply to a whole list at once:
 * admins all; everyone their own; a customer also every record of their organization.
 */
export type RecordScope =
  | { readonly all: true }
  | { readonly all: false; readonly clientId: string; readonly organizationId: string | null };

export function recordReadScope(actor: Actor): RecordScope {
  if (isAdmin(actor)) return { all: true };
  return {
    all: false,
    clientId: actor.userId,
    organizationId: isCustomer(actor) ? actor.organizationId : null,
  };
}

export function recordInScope(scope: RecordScope, record: RecordFacts): boolean {
  if (scope.all) return true;
  if (record.clientId !== null && record.clientId === scope.clientId) return true;
  return scope.organizationId !== null && record.organizationId === scope.organizationId;
}

/**
 * The records whose answers an actor may change, as a filter for the one-statement save
 * (customer-app §6: "A record can be edited only by its owner and only until submitted").
 * Admins and customers read records but never type into someone else's.
 */
export interface AnswerWriteScope {
  readonly clientId: string;
  readonly submitted: false;
}

export function answerWriteScope(actor: Actor): AnswerWriteScope {
  return { clientId: actor.userId, submitted: false };
}

export type RecordOperation =
  | 'read'
  | 'saveAnswers'
  | 'submit'
  | 'readReport'
  | 'readGenerations'
  | 'readOwnerEmail'
  | 'readOwnerFederatedId'
  | 'resendInvite'
  | 'setAiConsent'
  | 'makeBook'
  | 'setReminders';

export function decideRecord(actor: Actor | null, operation: RecordOperation, record: RecordFacts): Decision {
  if (!actor) return deny('unauthenticated');
  if (!recordInScope(recordReadScope(actor), record)) return deny('not-found');
  const owns = record.clientId !== null && record.clientId === actor.userId;
  switch (operation) {
    case 'read':
      return ALLOW;
    case 'saveAnswers':
    case 'submit': {
      const scope = answerWriteScope(actor);
      if (record.clientId !== scope.clientId) return deny('forbidden');
      return record.submitted ? deny('submitted') : ALLOW;
    }
    // customer-app §6: report generations and the separate report are for admins only.
    case 'readReport':
    case 'readGenerations':
      return isAdmin(actor) ? ALLOW : deny('forbidden');
    // A client never receives other people's e-mail addresses; their own is theirs.
    case 'readOwnerEmail':
      return isAdmin(actor) || owns || isCustomerOf(actor, record.organizationId) ? ALLOW : deny('forbidden');
    // The identity provider's subject of the owner: the owner compares it to decide whether the
    // record is theirs to edit (customer-app §4); nobody else needs it but admins.
    case 'readOwnerFederatedId':
      return isAdmin(actor) || owns ? ALLOW : deny('forbidden');
    // Issue 29 §3: only the person whose answers they are agrees to, or withdraws, an outside AI.
    case 'setAiConsent':
      return owns ? ALLOW : deny('forbidden');
    // Issue 42 §4: the person's own book, a draft any time and after Complete & Send alike; nobody
    // else makes one of their story (an admin has the organization's report for that).
    case 'makeBook':
      return owns ? ALLOW : deny('forbidden');
    // Issue 43 §1: the person decides whether and when they are reminded; nobody else reads or sets
    // their schedule (an organization sees only whether reminders are on, through its records).
    case 'setReminders':
      return owns ? ALLOW : deny('forbidden');
    // customer-app §2 Account: Re-Send Invite for the organization's records.
    case 'resendInvite':
      if (record.clientId === null) return deny('not-found');
      return isAdmin(actor) || isCustomerOf(actor, record.organizationId) ? ALLOW : deny('forbidden');
  }
}

/** Which fields of a readable record this actor receives; the rest come back empty. */
export interface RecordFieldVisibility {
  readonly report: boolean;
  readonly reportGenerations: boolean;
  readonly ownerEmail: boolean;
  readonly ownerFederatedId: boolean;
}

export function recordFieldVisibility(actor: Actor, record: RecordFacts): RecordFieldVisibility {
  const allowed = (operation: RecordOperation) => decideRecord(actor, operation, record).allowed;
  return {
    report: allowed('readReport'),
    reportGenerations: allowed('readGenerations'),
    ownerEmail: allowed('readOwnerEmail'),
    ownerFederatedId: allowed('readOwnerFederatedId'),
  };
}

export type OrganizationOperation =
  | 'read'
  | 'readCredits'
  | 'readRecords'
  | 'invite'
  | 'buyCredits'
  // Issue 43 §1: suggest reminders to the people the organization invites.
  | 'suggestReminders';

/**
 * Members see their own organization's name and contact details; its credits and records, inviting
 * people into it (customer-app §6) and buying credits for it belong to its customers and to admins.
 * `buyCredits` guards the payments sandbox, where "paying" costs nothing (docs/decisions/070).
 */
export function decideOrganization(
  actor: Actor | null,
  operation: OrganizationOperation,
  organizationId: string,
): Decision {
  if (!actor) return deny('unauthenticated');
  if (isAdmin(actor)) return ALLOW;
  if (actor.organizationId !== organizationId) return deny('not-found');
  if (operation === 'read') return ALLOW;
  return isCustomer(actor) ? ALLOW : deny('forbidden');
}

/**
 * The form template of an inventory type: customers and admins read every template; anyone else
 * only through a record they may read, because the record screen renders from it.
 */
export function decideInventoryTypeForm(
  actor: Actor | null,
  reachedThroughReadableRecord: boolean,
): Decision {
  if (!actor) return deny('unauthenticated');
  if (reachedThroughReadableRecord) return ALLOW;
  return decide(actor, 'inventoryType.read');
}

/**
 * Issue 14 §10: the name a record shows for its person. Admins and the person themselves see the
 * name they registered with, and so does the record's organization for its own members; for anyone
 * else's person it sees the name it gave in the invitation: an invitation never reveals who a
 * person of another organization is.
 */
export function recordOwnerName(
  actor: Actor | null,
  record: RecordFacts,
  owner: { userId: string; name: string | null; organizationId: string | null; erased?: boolean },
  invitedName: string | null,
): string | null {
  // Issue 30 §6: an erased person keeps no name of theirs; whoever may see the record reads that.
  if (owner.erased) return ERASED_PERSON_NAME;
  if (actor && (isAdmin(actor) || actor.userId === owner.userId)) return owner.name;
  if (owner.organizationId !== null && owner.organizationId === record.organizationId) return owner.name;
  return invitedName;
}

/** admin-app §6 and §8: what anyone but an admin is told on an admin screen or operation. */
export const ADMINS_ONLY_MESSAGE = 'Access denied. Admins only.';

// The refusals the client shows as the server words them, defined once for both.
/** customer-app §7, admin-app §7: a call without a token (the server's answer, and the client's before it asks). */
export const MISSING_TOKEN_MESSAGE = 'Failed to retrieve JWT token. User is not authenticated.';
/** customer-app §2, §8: a screen or operation the person's roles do not allow. */
export const NO_PERMISSION_MESSAGE = 'Access denied. You do not have permission to view this page.';
/** A record that does not exist or that the caller may not see: one answer for both (see `decide`). */
export const RECORD_NOT_FOUND_MESSAGE = 'Record not found.';

/** Screens of admin-app §2 that only admins open: the admin page, the form builder and datasync. */
export type AdminScreen = 'admin' | 'formbuilder' | 'datasync' | 'formversions';

/**
 * admin-app §6: "The admin page and the datasync page refuse non-admins" (the form builder too: its
 * link is admin-only and every operation behind it is). The client's route guard asks this; the
 * server refuses the data behind each screen on its own.
 */
export function decideAdminScreen(roles: readonly Role[], _screen: AdminScreen): Decision {
  return roles.includes('admin') ? ALLOW : deny(roles.length === 0 ? 'unauthenticated' : 'forbidden');
}
