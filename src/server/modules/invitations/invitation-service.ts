import type { FastifyBaseLogger } from 'fastify';
import { firstProblem, inviteSchema, resendSchema } from '#domain/invitation.ts';
import {
  type Actor,
  decideOrganization,
  decideRecord,
  RECORD_NOT_FOUND_MESSAGE as RECORD_NOT_FOUND,
} from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from './invitation-mail.ts';
import * as invitations from './invitation-repository.ts';

export interface InvitationDeps extends ServiceDeps {
  mailer: Mailer;
  productName: string;
  publicUrl: string;
}

const ORGANIZATION_NOT_FOUND = 'Organization not found.';
const INVENTORY_TYPE_NOT_FOUND = 'Inventory type not found.';
export const NO_CREDITS_LEFT_MESSAGE =
  'There are no available records of this inventory type left. Please visit our Products page to make a purchase.';
/** Re-Send Invite: a person's inbox is not a target; this many mails per record an hour. */
export const RESEND_LIMIT = { max: 5, windowMinutes: 60 } as const;

/**
 * customer-app §7 Invite service `POST /invite { name, email, organization, inventoryType }`:
 * one credit of the type goes to the person with the address, who is mailed the invitation.
 * The organization's customers and admins only (customer-app §6); anyone else is told the
 * organization is not found, so an id never reveals anything.
 */
export async function inviteToRecord(
  deps: InvitationDeps,
  actor: Actor | null,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<Result<{ status: 'sent'; reportId: string }>> {
  if (!actor) return denial('unauthenticated');
  const parsed = inviteSchema.safeParse(body ?? {});
  if (!parsed.success) return fail('BAD_USER_INPUT', firstProblem(parsed.error) ?? 'Bad invitation.');
  const invite = parsed.data;
  const notFound = { notFound: ORGANIZATION_NOT_FOUND };
  if (!isUuid(invite.organization)) return denial('not-found', notFound);
  const refused = refusal(decideOrganization(actor, 'invite', invite.organization), notFound);
  if (refused) return refused;
  if (!isUuid(invite.inventoryType)) return fail('NOT_FOUND', INVENTORY_TYPE_NOT_FOUND);

  const credit = {
    organizationId: invite.organization,
    inventoryTypeId: invite.inventoryType,
    name: invite.name,
    email: invite.email,
  };
  // Issue 16 §2: every writer of a record publishes it (an admin may have the credit open).
  const assigned = await writeRecords(deps, async (writer) => {
    const outcome = await invitations.assignCredit(writer, credit);
    return { value: outcome, changed: outcome.outcome === 'assigned' ? [outcome.reportId] : [] };
  });
  if (assigned.outcome === 'no-organization') return denial('not-found', notFound);
  if (assigned.outcome === 'no-type') return fail('NOT_FOUND', INVENTORY_TYPE_NOT_FOUND);
  if (assigned.outcome === 'no-credit') return fail('CONFLICT', NO_CREDITS_LEFT_MESSAGE);
  // Their roles (client) and maybe their organization changed: forget what was cached about them.
  await deps.invalidateUser(assigned.userId);
  log.info(
    { reportId: assigned.reportId, userId: assigned.userId, user: assigned.user },
    'record assigned by invitation',
  );

  const sent = await mailInvitation(deps, log, {
    reportId: assigned.reportId,
    userId: assigned.userId,
    invitedBy: actor.userId,
    to: invite.email,
    name: assigned.userName ?? invite.name,
    organizationName: assigned.organizationName,
    inventoryTypeName: assigned.inventoryTypeName,
    reminder: false,
  });
  // The credit stays with the person: the row is in the organization's table, where Re-Send
  // Invite tries the mail again (docs/decisions/071-invitations.md).
  if (!sent)
    return fail(
      'BAD_GATEWAY',
      `The record was assigned to ${invite.email}, but the invitation could not be mailed. Please use Re-Send Invite to try again.`,
    );
  return ok({ status: 'sent', reportId: assigned.reportId });
}

/**
 * customer-app §7 `POST /resend { reportId }` and admin-app Records "Re-Send Invite": the
 * invitation mailed again to the record's person. Its organization's customers and admins only; a
 * record anyone else names is "not found", whether it exists or not.
 */
/** Issue 30 §6: an erased person's record (its credit stays used) invites nobody again. */
export const ERASED_RECORD_MESSAGE = 'The person of this record has been erased: there is nobody to invite.';

export async function resendInvitation(
  deps: InvitationDeps,
  actor: Actor | null,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<Result<{ status: 'sent'; reportId: string }>> {
  if (!actor) return denial('unauthenticated');
  const parsed = resendSchema.safeParse(body ?? {});
  if (!parsed.success) return fail('BAD_USER_INPUT', firstProblem(parsed.error) ?? 'Bad request.');
  const notFound = { notFound: RECORD_NOT_FOUND };
  const { reportId } = parsed.data;
  if (!isUuid(reportId)) return denial('not-found', notFound);
  const target = await invitations.findInvitationTarget(deps.database, reportId);
  if (!target) return denial('not-found', notFound);
  const refused = refusal(decideRecord(actor, 'resendInvite', target), notFound);
  if (refused) return refused;
  if (target.erased) return fail('CONFLICT', ERASED_RECORD_MESSAGE);
  if (!target.clientId || !target.email)
    return fail('CONFLICT', 'The person of this record has no e-mail address to send the invitation to.');
  const recent = await invitations.countRecentInvitations(
    deps.database,
    reportId,
    RESEND_LIMIT.windowMinutes,
  );
  if (recent >= RESEND_LIMIT.max)
    return fail(
      'TOO_MANY_REQUESTS',
      `This invitation was already sent ${RESEND_LIMIT.max} times in the last hour. Please try again later.`,
    );

  const sent = await mailInvitation(deps, log, {
    reportId,
    userId: target.clientId,
    invitedBy: actor.userId,
    to: target.email,
    name: target.name,
    organizationName: target.organizationName,
    inventoryTypeName: target.inventoryTypeName,
    reminder: true,
  });
  if (!sent) return fail('BAD_GATEWAY', 'The invitation could not be mailed. Please try again later.');
  return ok({ status: 'sent', reportId });
}

/** Mails the invitation and records it; false (logged) when the mail could not be handed over. */
async function mailInvitation(
  deps: InvitationDeps,
  log: FastifyBaseLogger,
  mail: {
    reportId: string;
    userId: string;
    invitedBy: string;
    to: string;
    name: string | null;
    organizationName: string | null;
    inventoryTypeName: string;
    reminder: boolean;
  },
): Promise<boolean> {
  try {
    await deps.mailer.send(
      invitationMail({ ...mail, productName: deps.productName, publicUrl: deps.publicUrl }),
    );
  } catch (error) {
    log.error({ err: error, reportId: mail.reportId }, 'invitation mail not sent');
    return false;
  }
  await invitations.recordInvitation(deps.database, mail);
  return true;
}
