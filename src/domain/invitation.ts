import { z } from 'zod';

/**
 * customer-app §5 Invite form and §7 Invite service (`POST /invite {name, email, organization,
 * inventoryType}`, `POST /resend {reportId}`), with the spec's messages (§8). One rule for the
 * form and the server: the form shows the first problem, the server refuses with it.
 */
export const INVITE_REQUIRED_MESSAGE = 'Name, email, and inventory type are required.';
export const ORGANIZATION_MISSING_MESSAGE = 'Organization ID is missing.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const INVITE_SUCCESS_MESSAGE = 'Invite sent successfully!';
export const INVITE_FAILURE_MESSAGE = 'Failed to send invite.';
export const RESEND_SUCCESS_MESSAGE = 'Invite re-sent successfully!';
export const RESEND_FAILURE_MESSAGE = 'Failed to resend invite.';
export const MISSING_RECORD_ID_MESSAGE = 'Missing record ID.';

export const INVITE_NAME_MAX = 200;
export const INVITE_EMAIL_MAX = 254;

// The name is written into the invitation mail: one line of text.
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
// Anything but a string (a number, null, a missing key) counts as not filled in.
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : ''));

export const inviteSchema = z
  .object({ name: text, email: text, organization: text, inventoryType: text })
  .superRefine((invite, context) => {
    // Each problem is tied to the field it is about, so a form can place it; one problem at a time.
    const problem = (field: keyof typeof invite, message: string) =>
      context.addIssue({ code: 'custom', message, path: [field] });
    // customer-app §5: one message for any of the three fields the person fills in.
    const empty = (['name', 'email', 'inventoryType'] as const).find((field) => !invite[field]);
    if (empty) return problem(empty, INVITE_REQUIRED_MESSAGE);
    // customer-app §8: the organization comes from the screen, not from the person.
    if (!invite.organization) return problem('organization', ORGANIZATION_MISSING_MESSAGE);
    if (invite.name.length > INVITE_NAME_MAX)
      return problem('name', `The name can be at most ${INVITE_NAME_MAX} characters long.`);
    if (CONTROL_CHARACTERS.test(invite.name)) return problem('name', 'The name cannot contain line breaks.');
    if (invite.email.length > INVITE_EMAIL_MAX || !z.email().safeParse(invite.email).success)
      return problem('email', INVALID_EMAIL_MESSAGE);
  });

export type Invite = z.output<typeof inviteSchema>;

export const resendSchema = z
  .object({ reportId: text })
  .refine((resend) => resend.reportId !== '', MISSING_RECORD_ID_MESSAGE);

export type Resend = z.output<typeof resendSchema>;

/** The first problem of an input, or undefined when it is acceptable. */
export function firstProblem(error: z.ZodError | undefined): string | undefined {
  return error?.issues[0]?.message;
}

/** customer-app §8: "Error re-sending invite: {message}", with the fallback when there is none. */
export function resendFailureMessage(message: string | undefined): string {
  return message ? `Error re-sending invite: ${message}` : RESEND_FAILURE_MESSAGE;
}
