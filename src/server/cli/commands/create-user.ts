import { z } from 'zod';
import { ROLES } from '#domain/roles.ts';
import { displayNameSchema, emailSchema, passwordSchema } from '../../modules/identity/account-rules.ts';
import {
  findUserWithRoles,
  ProvisioningConflictError,
  type ProvisionUserResult,
  provisionUser,
} from '../../modules/users/user-provisioning-service.ts';
import { type CliCommand, type CommandContext, CommandFailure, parseOptions } from '../cli-command.ts';

const inputSchema = z.object({
  email: emailSchema,
  name: displayNameSchema,
  password: passwordSchema.optional(),
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}.` }),
  organization: z.string().trim().min(1, 'Enter the organization name.').max(200).optional(),
});
type Input = z.infer<typeof inputSchema>;

export const createUserCommand: CliCommand = {
  name: 'create-user',
  summary:
    'Creates a person who can sign in at once: a verified account of the embedded sign-in, the user with ' +
    'the role, and the organization when it is new. For someone who already exists it adds the role and ' +
    'sets the organization; their password and name stay as they are.',
  options: {
    email: { type: 'string', value: 'E', description: 'E-mail address (the sign-in name).', required: true },
    name: { type: 'string', value: 'N', description: 'Full name.', required: true },
    password: {
      type: 'string',
      value: 'P',
      description: 'Password of a new account, at least 10 characters.',
    },
    role: { type: 'string', value: ROLES.join('|'), description: 'Role to grant.', required: true },
    organization: {
      type: 'string',
      value: 'NAME',
      description: 'Organization, found by its exact name or created.',
    },
  },
  notes: [
    'With an external identity provider (OIDC_ISSUER set) no account is created: the user is recorded by',
    'e-mail, and their first sign-in with that verified address links it.',
  ],
  prepare: (values) => {
    const input = parseOptions(inputSchema, values);
    return (context) => createUser(context, input);
  },
};

async function createUser({ db, config, out }: CommandContext, input: Input): Promise<void> {
  const embedded = config.oidc.embedded;
  if (!embedded && input.password) {
    out.warn('--password is not used: accounts live in the external identity provider (OIDC_ISSUER).');
  }
  let result: ProvisionUserResult;
  try {
    result = await provisionUser(
      db,
      {
        email: input.email,
        name: input.name,
        password: input.password,
        role: input.role,
        organizationName: input.organization,
      },
      { embeddedProvider: embedded },
    );
  } catch (error) {
    if (error instanceof ProvisioningConflictError) throw new CommandFailure(error.message);
    throw error;
  }
  for (const line of summaryLines(result, input, config.oidc.issuer)) out.info(line);
  const user = await findUserWithRoles(db, result.userId);
  out.info(`Roles of ${input.email} now: ${user?.roles.join(', ') || 'none'}.`);
  if (embedded) out.info(`${input.email} can sign in at ${config.publicUrl}.`);
}

function summaryLines(result: ProvisionUserResult, input: Input, issuer: string): string[] {
  const lines: string[] = [];
  if (result.account === 'created') {
    lines.push(`Created the account ${input.email} (e-mail verified) for the embedded sign-in.`);
  } else if (result.account === 'existing') {
    lines.push(
      `The account ${input.email} already exists: its password and name were not changed` +
        (result.accountEmailVerified ? '.' : ' (its e-mail address is not verified yet).'),
    );
  } else {
    lines.push(
      `No account was created: accounts live in the external identity provider (${issuer}). ` +
        `The first sign-in with the verified e-mail address ${input.email} links this user.`,
    );
  }
  if (result.user === 'created') lines.push(`Created the user ${input.name} <${input.email}>.`);
  if (result.user === 'linked') lines.push(`Linked the invited user ${input.email} to the account.`);
  if (result.user === 'existing') lines.push(`The user ${input.email} already exists.`);
  lines.push(
    result.roleAdded ? `Granted the role ${input.role}.` : `The role ${input.role} was already held.`,
  );
  const organization = result.organization;
  if (organization) {
    const found = organization.created ? 'Created the organization' : 'Organization';
    lines.push(
      `${found} "${organization.name}": ${organization.assigned ? 'the user now belongs to it' : 'the user already belonged to it'}.`,
    );
  }
  return lines;
}
