import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '#domain/roles.ts';
import type { Db } from '../../db/database.ts';
import { idpAccounts } from '../../db/identity-schema.ts';
import { organizations, roles, userRoles, users } from '../../db/schema.ts';
import { provisionAccount } from '../idp/account-service.ts';

/**
 * Creates people outside the sign-up flow (the CLI's `create-user`): an operator vouches for them, so
 * an embedded-provider account is created already verified. Re-running for an existing person adds
 * the role and sets the organization, and never touches their password or name (decision 030).
 */
export interface ProvisionUserInput {
  email: string;
  name: string;
  /** Required with the embedded provider when the account does not exist yet. */
  password?: string;
  role: Role;
  organizationName?: string;
}

export interface ProvisionUserResult {
  /** `external`: an external provider holds the accounts; the first verified sign-in links the row. */
  account: 'created' | 'existing' | 'external';
  accountEmailVerified: boolean;
  user: 'created' | 'linked' | 'existing';
  userId: string;
  federatedId: string | null;
  roleAdded: boolean;
  organization?: { id: string; name: string; created: boolean; assigned: boolean };
}

/** A state the operator must sort out first; nothing was changed. */
export class ProvisioningConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProvisioningConflictError';
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function provisionUser(
  db: Db,
  input: ProvisionUserInput,
  options: { embeddedProvider: boolean },
): Promise<ProvisionUserResult> {
  return db.transaction(async (tx) => {
    const account = options.embeddedProvider ? await findOrCreateAccount(tx, input) : undefined;
    const federatedId = account?.row.id ?? null;
    const user = await findOrCreateUserRow(tx, input, federatedId);
    const organization = input.organizationName
      ? await assignOrganization(tx, user.id, user.organizationId, input.organizationName)
      : undefined;
    const roleAdded = await addRole(tx, user.id, input.role);
    return {
      account: account ? account.state : 'external',
      accountEmailVerified: account?.row.emailVerified ?? false,
      user: user.state,
      userId: user.id,
      federatedId: user.federatedId,
      roleAdded,
      organization,
    };
  });
}

async function findOrCreateAccount(tx: Tx, input: ProvisionUserInput) {
  const [existing] = await tx
    .select()
    .from(idpAccounts)
    .where(sql`lower(${idpAccounts.email}) = lower(${input.email})`);
  if (existing) return { row: existing, state: 'existing' as const };
  if (!input.password) {
    throw new ProvisioningConflictError(
      `No account exists for ${input.email} yet: give --password to create one.`,
    );
  }
  const row = await provisionAccount(tx as unknown as Db, {
    email: input.email,
    name: input.name,
    password: input.password,
    emailVerified: true,
  });
  return { row, state: 'created' as const };
}

async function findOrCreateUserRow(tx: Tx, input: ProvisionUserInput, federatedId: string | null) {
  const [byEmail] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  const [byIdentity] = federatedId
    ? await tx.select().from(users).where(eq(users.federatedId, federatedId))
    : [undefined];

  if (byIdentity) {
    if (byEmail && byEmail.id !== byIdentity.id) {
      throw new ProvisioningConflictError(
        `Two user rows match: one has the e-mail ${input.email}, another is linked to its account. Nothing was changed.`,
      );
    }
    return { ...byIdentity, state: 'existing' as const };
  }
  if (byEmail) {
    if (federatedId === null || byEmail.federatedId === federatedId) {
      return { ...byEmail, state: 'existing' as const };
    }
    if (byEmail.federatedId !== null) {
      throw new ProvisioningConflictError(
        `The user ${input.email} is already linked to another sign-in identity (${byEmail.federatedId}). Nothing was changed.`,
      );
    }
    // Invited by e-mail before having an account: the row (and its records) becomes the account's.
    const [linked] = await tx
      .update(users)
      .set({ federatedId, name: byEmail.name ?? input.name, updatedAt: new Date() })
      .where(eq(users.id, byEmail.id))
      .returning();
    if (!linked) throw new Error('The invited user row disappeared while linking it.');
    return { ...linked, state: 'linked' as const };
  }
  const [created] = await tx
    .insert(users)
    .values({ federatedId, email: input.email, name: input.name })
    .returning();
  if (!created) throw new Error('The user row was not created.');
  return { ...created, state: 'created' as const };
}

async function assignOrganization(tx: Tx, userId: string, currentId: string | null, name: string) {
  const organization = await findOrCreateOrganization(tx as unknown as Db, name);
  const assigned = currentId !== organization.id;
  if (assigned) {
    await tx
      .update(users)
      .set({ organizationId: organization.id, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
  return { ...organization, assigned };
}

/** Organizations are found by exact name (the oldest, should two share it), created when new. */
export async function findOrCreateOrganization(
  db: Db,
  name: string,
  details: { phone?: string; website?: string } = {},
): Promise<{ id: string; name: string; created: boolean }> {
  const existing = await findOrganizationByName(db, name);
  if (existing) return { ...existing, created: false };
  const [created] = await db
    .insert(organizations)
    .values({ name, phone: details.phone ?? null, website: details.website ?? null })
    .returning({ id: organizations.id, name: organizations.name });
  if (!created) throw new Error('The organization was not created.');
  return { ...created, created: true };
}

export async function findOrganizationByName(db: Db, name: string) {
  const [existing] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.name, name))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(1);
  return existing;
}

async function addRole(tx: Tx, userId: string, role: Role): Promise<boolean> {
  const [roleRow] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  if (!roleRow) throw new Error(`The role ${role} is missing from the roles table.`);
  const added = await tx
    .insert(userRoles)
    .values({ userId, roleId: roleRow.id })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return added.length > 0;
}

/** The user row with its role names, for the CLI's summary and for tests. */
export async function findUserWithRoles(db: Db, userId: string) {
  const rows = await db
    .select({ user: users, role: roles.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first) return undefined;
  return { ...first.user, roles: rows.flatMap((row) => (row.role ? [row.role] : [])).sort() };
}
