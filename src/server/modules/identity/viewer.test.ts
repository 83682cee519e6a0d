import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryTypes, lifeRecords, users } from '../../db/schema.ts';
import { createTestDatabase, recordWriteDeps, type TestDatabase } from '../../test-support/test-database.ts';
import { createTestOrganization } from '../../test-support/test-users.ts';
import { resolveViewer } from './viewer.ts';

const identity = (overrides: Partial<Parameters<typeof resolveViewer>[1]> = {}) => ({
  sub: randomUUID(),
  email: undefined,
  emailVerified: false,
  name: 'Someone',
  claimedRoles: [],
  expiresAt: Date.now() + 3_600_000,
  issuedAt: Date.now(),
  issuedAtMs: null,
  authTime: null,
  ...overrides,
});

describe('resolveViewer: first sign-in and invitation linking', () => {
  let test: TestDatabase;
  let orgId: string;
  let typeId: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    orgId = await createTestOrganization(test.database.db);
    const [type] = await test.database.db
      .insert(inventoryTypes)
      .values({ name: 'Life Inventory' })
      .returning();
    typeId = type?.id ?? '';
  });
  afterAll(async () => test.drop());

  async function invite(email: string) {
    const [row] = await test.database.db
      .insert(users)
      .values({ email, name: 'Invited Name', organizationId: orgId })
      .returning();
    await test.database.db
      .insert(lifeRecords)
      .values({ clientId: row?.id, organizationId: orgId, inventoryTypeId: typeId });
    return row?.id ?? '';
  }

  it('creates one row for a new identity and finds it again by federated id', async () => {
    const id = identity({ email: 'fresh@example.test', emailVerified: true });
    const first = await resolveViewer(recordWriteDeps(test.database), id);
    const second = await resolveViewer(recordWriteDeps(test.database), id);
    expect(second.userId).toBe(first.userId);
    expect(first.email).toBe('fresh@example.test');
  });

  it('links the invited row when the e-mail is verified', async () => {
    const invitedId = await invite('Invited@Example.test');
    const viewer = await resolveViewer(
      recordWriteDeps(test.database),
      identity({ email: 'invited@example.test', emailVerified: true }),
    );
    expect(viewer.userId).toBe(invitedId);
    expect(viewer.organizationId).toBe(orgId);
    expect(viewer.name).toBe('Invited Name');
  });

  it('never links with an unverified e-mail, and links once the same identity is verified', async () => {
    const invitedId = await invite('later@example.test');
    const unverified = identity({ email: 'later@example.test', emailVerified: false });
    const before = await resolveViewer(recordWriteDeps(test.database), unverified);
    expect(before.userId).not.toBe(invitedId);
    expect(before.email).toBeNull();
    expect(before.organizationId).toBeNull();
    const [invitedRow] = await test.database.db.select().from(users).where(eq(users.id, invitedId));
    expect(invitedRow?.federatedId).toBeNull();

    const after = await resolveViewer(recordWriteDeps(test.database), { ...unverified, emailVerified: true });
    expect(after.userId).toBe(invitedId);
    expect(after.organizationId).toBe(orgId);
    const placeholder = await test.database.db.select().from(users).where(eq(users.id, before.userId));
    expect(placeholder).toEqual([]);
  });

  it('does not take an address already held by a linked row', async () => {
    const owner = identity({ email: 'taken@example.test', emailVerified: true });
    await resolveViewer(recordWriteDeps(test.database), owner);
    const other = await resolveViewer(
      recordWriteDeps(test.database),
      identity({ email: 'taken@example.test', emailVerified: true }),
    );
    expect(other.email).toBeNull();
  });

  it('keeps one row when the first requests of a person arrive together', async () => {
    const id = identity({ email: 'race@example.test', emailVerified: true });
    const viewers = await Promise.all(
      [1, 2, 3, 4].map(() => resolveViewer(recordWriteDeps(test.database), id)),
    );
    expect(new Set(viewers.map((v) => v.userId)).size).toBe(1);
  });
});
