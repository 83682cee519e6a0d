import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/database.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { inventoryTypes, invitations, type lifeRecords, organizations, type users } from '../../db/schema.ts';
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
    await tx.execute(
      sql`insert into user_roles (user_id, role_id)
          select ${user.id}, id from roles where name = 'client'
          on conflict do nothing`,
    );
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
  const find = () =>
    queryRows<InvitedUserRow>(
      tx,
      sql`select id, name, organization_id from users where lower(email) = lower(${invite.email}) for update`,
    );
  let [existing] = await find();
  if (!existing) {
    const [created] = await queryRows<InvitedUserRow>(
      tx,
      sql`insert into users (email, name, organization_id)
          values (${invite.email}, ${invite.name}, ${invite.organizationId})
          on conflict do nothing
          returning id, name, organization_id`,
    );
    if (created) return { ...created, state: 'created' };
    // The same address was invited at the same moment and committed first.
    [existing] = await find();
    if (!existing) throw new Error('The invited user row could neither be created nor found.');
  }
  // Issue 14 §10: only a plain member without an organization joins the inviter's; an admin or
  // another organization's customer is never moved (and an admin has no organization of their own).
  const [updated] = await queryRows<InvitedUserRow>(
    tx,
    sql`update users u set name = coalesce(u.name, ${invite.name}),
          organization_id = case
            when u.organization_id is null and not exists (
              select 1 from user_roles ur join roles r on r.id = ur.role_id
              where ur.user_id = u.id and r.name in ('admin', 'customer'))
            then ${invite.organizationId}::uuid else u.organization_id end,
          updated_at = now()
        where u.id = ${existing.id}
        returning u.id, u.name, u.organization_id`,
  );
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

/** A record with what its invitation mail needs: its person, type and organization. */
export async function findInvitationTarget(database: Database, reportId: string) {
  const [row] = await queryRows<InvitationTarget>(
    database.db,
    sql`select r.id as "reportId", r.client as "clientId", r.organization_id as "organizationId",
               r.submitted, u.email, u.name, t.name as "inventoryTypeName", o.name as "organizationName",
               r.erased_at is not null as erased
        from life_records r
        join inventory_types t on t.id = r.inventory_type_id
        left join users u on u.id = r.client
        left join organizations o on o.id = r.organization_id
        where r.id = ${reportId}`,
  );
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
