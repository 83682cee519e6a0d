import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import {
  inventoryTypes,
  invitations,
  lifeRecords,
  organizations,
  roles,
  userRoles,
  users,
} from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import { assignRecord, takeUnassignedCredit } from '../records/record-assignment-service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CreditAssignment {
  outcome: 'assigned';
  reportId: string;
  userId: string;
  userName: string | null;
  inventoryTypeName: string;
  organizationName: string;
  /** How the invited person's users row was found (for the log). */
  user: 'created' | 'existing' | 'joined-organization' | 'of-another-organization';
}
export type AssignOutcome =
  | CreditAssignment
  | { outcome: 'no-credit' }
  | { outcome: 'no-type' }
  | { outcome: 'no-organization' };

// Run inside the assignment's transaction, or on a `Db` as before (runStatement).
const TYPE_NAME = prepared<ColumnsOfRow<typeof inventoryTypes, 'name'>>(
  'invitation-type-name',
  sql`select ${inventoryTypes.name} from ${inventoryTypes} where ${inventoryTypes.id} = ${value('id')}`,
);
const ORGANIZATION_NAME = prepared<ColumnsOfRow<typeof organizations, 'name'>>(
  'invitation-organization-name',
  sql`select ${organizations.name} from ${organizations} where ${organizations.id} = ${value('id')}`,
);
const GRANT_CLIENT_ROLE = prepared<never>(
  'invitation-grant-client-role',
  sql`insert into ${userRoles} (${column(userRoles.userId)}, ${column(userRoles.roleId)})
      select ${value('userId')}, ${roles.id} from ${roles} where ${roles.name} = 'client'
      on conflict do nothing`,
);

/**
 * DESIGN §4 inviting: ONE unassigned record (credit) of the type and organization goes to the
 * person with the e-mail address, whose users row is found or created, all in one transaction.
 * The credit is taken with FOR UPDATE SKIP LOCKED: two invitations at once never take the same
 * credit, and when none is left nothing at all is changed.
 */
export async function assignCredit(
  writer: RecordWriter,
  invite: { organizationId: string; inventoryTypeId: string; name: string; email: string },
): Promise<AssignOutcome> {
  return writer.db.transaction(async (tx) => {
    const [type] = await runStatement(tx, TYPE_NAME, { id: invite.inventoryTypeId });
    if (!type) return { outcome: 'no-type' } as const;
    const [organization] = await runStatement(tx, ORGANIZATION_NAME, { id: invite.organizationId });
    if (!organization) return { outcome: 'no-organization' } as const;
    const credit = await takeUnassignedCredit({ writer, tx }, invite);
    if (!credit) return { outcome: 'no-credit' } as const;

    const user = await findOrCreateInvitedUser(tx, invite);
    // customer-app §6: the invited person is the record's client.
    await runStatement(tx, GRANT_CLIENT_ROLE, { userId: user.id });
    await assignRecord({ writer, tx }, { recordId: credit, ownerId: user.id, invitedName: invite.name });
    return {
      outcome: 'assigned',
      reportId: credit,
      userId: user.id,
      userName: user.name,
      inventoryTypeName: type.name,
      organizationName: organization.name,
      user: user.state,
    } as const;
  });
}

type InvitedUserRow = ColumnsOfRow<typeof users, 'id' | 'name' | 'organization_id'>;
const INVITED_USER_COLUMNS = sql`${column(users.id)}, ${column(users.name)}, ${column(users.organizationId)}`;
const FIND_INVITED_USER = prepared<InvitedUserRow>(
  'invitation-find-user',
  sql`select ${INVITED_USER_COLUMNS} from ${users}
      where lower(${users.email}) = lower(${value('email')}) for update`,
);
const CREATE_INVITED_USER = prepared<InvitedUserRow>(
  'invitation-create-user',
  sql`insert into ${users} (${column(users.email)}, ${column(users.name)}, ${column(users.organizationId)})
      values (${value('email')}, ${value('name')}, ${value('organizationId')})
      on conflict do nothing
      returning ${INVITED_USER_COLUMNS}`,
);
// Issue 14 §10: only a plain member without an organization joins the inviter's.
const UPDATE_INVITED_USER = prepared<InvitedUserRow>(
  'invitation-update-user',
  sql`update ${users} set ${column(users.name)} = coalesce(${users.name}, ${value('name')}),
        ${column(users.organizationId)} = case
          when ${users.organizationId} is null and not exists (
            select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
            where ${userRoles.userId} = ${users.id} and ${roles.name} in ('admin', 'customer'))
          then ${value('organizationId')}::uuid else ${users.organizationId} end,
        ${column(users.updatedAt)} = now()
      where ${users.id} = ${value('id')}
      returning ${INVITED_USER_COLUMNS}`,
);

/**
 * The users row of the address, matched without regard to case. A new person is created in the
 * organization; someone without an organization joins it; someone of ANOTHER organization stays
 * where they are and is only given the record (docs/decisions/071-invitations.md): nobody is
 * moved between organizations, and the inviter learns nothing about them.
 */
async function findOrCreateInvitedUser(
  tx: Tx,
  invite: { organizationId: string; name: string; email: string },
): Promise<InvitedUserRow & { state: CreditAssignment['user'] }> {
  const find = () => runStatement(tx, FIND_INVITED_USER, { email: invite.email });
  let [existing] = await find();
  if (!existing) {
    const [created] = await runStatement(tx, CREATE_INVITED_USER, invite);
    if (created) return { ...created, state: 'created' };
    // The same address was invited at the same moment and committed first.
    [existing] = await find();
    if (!existing) throw new Error('The invited user row could neither be created nor found.');
  }
  // Issue 14 §10: only a plain member without an organization joins the inviter's; an admin or
  // another organization's customer is never moved (and an admin has no organization of their own).
  const [updated] = await runStatement(tx, UPDATE_INVITED_USER, {
    name: invite.name,
    organizationId: invite.organizationId,
    id: existing.id,
  });
  if (!updated) throw new Error('The invited user row disappeared.');
  const state =
    updated.organization_id !== invite.organizationId
      ? 'of-another-organization'
      : existing.organization_id === null
        ? 'joined-organization'
        : 'existing';
  return { ...updated, state };
}

type Report = typeof lifeRecords.$inferSelect;
type User = typeof users.$inferSelect;
/** Keyed as the statement renames the columns (`r.id as "reportId"`); types from schema.ts. */
export interface InvitationTarget {
  reportId: Report['id'];
  clientId: Report['clientId'];
  organizationId: Report['organizationId'];
  submitted: Report['submitted'];
  email: User['email'];
  name: User['name'];
  inventoryTypeName: (typeof inventoryTypes.$inferSelect)['name'];
  organizationName: (typeof organizations.$inferSelect)['name'] | null;
  /** Issue 30 §6: the record's person was erased; there is nobody to invite any more. */
  erased: boolean;
}

const INVITATION_TARGET = prepared<InvitationTarget>(
  'invitation-target',
  sql`select ${lifeRecords.id} as "reportId", ${lifeRecords.clientId} as "clientId",
             ${lifeRecords.organizationId} as "organizationId", ${lifeRecords.submitted},
             ${users.email}, ${users.name}, ${inventoryTypes.name} as "inventoryTypeName",
             ${organizations.name} as "organizationName", ${lifeRecords.erasedAt} is not null as erased
      from ${lifeRecords}
      join ${inventoryTypes} on ${inventoryTypes.id} = ${lifeRecords.inventoryTypeId}
      left join ${users} on ${users.id} = ${lifeRecords.clientId}
      left join ${organizations} on ${organizations.id} = ${lifeRecords.organizationId}
      where ${lifeRecords.id} = ${value('reportId')}`,
);

/** A record with what its invitation mail needs: its person, type and organization. */
export async function findInvitationTarget(database: Database, reportId: string) {
  const [row] = await runStatement(database.db, INVITATION_TARGET, { reportId });
  return row;
}

const INSERT_INVITATION = prepared<never>(
  'invitation-insert',
  sql`insert into ${invitations} (${column(invitations.reportId)}, ${column(invitations.userId)}, ${column(invitations.invitedBy)})
      values (${value('reportId')}, ${value('userId')}, ${value('invitedBy')})`,
);
const RECENT_INVITATIONS = prepared<{ count: number }>(
  'invitation-recent',
  sql`select count(*)::int as count from ${invitations}
      where ${invitations.reportId} = ${value('reportId')} and ${invitations.sentAt} > now() - make_interval(mins => ${value('minutes')})`,
);

/** One row per invitation mail sent (Re-Send and the audit trail). */
export async function recordInvitation(
  database: Database,
  invitation: { reportId: string; userId: string; invitedBy: string },
): Promise<void> {
  await runStatement(database.db, INSERT_INVITATION, invitation);
}

/** Invitation mails sent for a record within the last `minutes`. */
export async function countRecentInvitations(database: Database, reportId: string, minutes: number) {
  const [row] = await runStatement(database.db, RECENT_INVITATIONS, { reportId, minutes });
  return row?.count ?? 0;
}
