import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Role } from '#domain/roles.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { organizations, roles, userRoles, users } from '../db/schema.ts';
import { signTestIdToken } from './test-tokens.ts';

export interface TestUser {
  id: string;
  federatedId: string;
  email: string;
  name: string;
  organizationId: string | null;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject and fetch. */
  headers: { authorization: string };
}

export async function createTestOrganization(
  db: Db,
  name = `Org ${randomUUID().slice(0, 8)}`,
): Promise<string> {
  const [org] = await db.insert(organizations).values({ name }).returning({ id: organizations.id });
  if (!org) throw new Error('organization not created');
  return org.id;
}

/** A user row with roles and an organization, already linked to an identity, with a valid token. */
export async function createTestUser(
  db: Db,
  config: Config,
  overrides: { roles?: Role[]; organizationId?: string | null; email?: string; name?: string } = {},
): Promise<TestUser> {
  const federatedId = randomUUID();
  const email = overrides.email ?? `user-${federatedId.slice(0, 8)}@example.test`;
  const name = overrides.name ?? `Test User ${federatedId.slice(0, 4)}`;
  const [user] = await db
    .insert(users)
    .values({ federatedId, email, name, organizationId: overrides.organizationId ?? null })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const wanted = overrides.roles ?? [];
  if (wanted.length > 0) {
    const roleRows = await db.select().from(roles).where(inArray(roles.name, wanted));
    await db.insert(userRoles).values(roleRows.map((role) => ({ userId: user.id, roleId: role.id })));
  }
  const token = await signTestIdToken(db, config, { sub: federatedId, email, name, roles: wanted });
  return {
    id: user.id,
    federatedId,
    email,
    name,
    organizationId: overrides.organizationId ?? null,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
