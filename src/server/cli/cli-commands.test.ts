import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFormTemplate } from '#domain/form-template.ts';
import { lifeInventoryForm } from '#domain/life-inventory.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { idpAccounts } from '../db/identity-schema.ts';
import { inventoryTypes, lifeRecords, organizations, products, purchases, users } from '../db/schema.ts';
import { verifyPassword } from '../modules/identity/password-hash.ts';
import { resolveViewer } from '../modules/identity/viewer.ts';
import { findAccountByEmail } from '../modules/idp/account-repository.ts';
import { createTestDatabase, recordWriteDeps, type TestDatabase } from '../test-support/test-database.ts';
import { runCommandLine } from './command-line.ts';

// Each command through the same entry the server's control socket uses, on a real database
// (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
let testDatabase: TestDatabase;
let db: Db;
const embedded = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/life-record-cli-test' });
const external = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/life-record-cli-test',
  OIDC_ISSUER: 'https://login.example.com',
});

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(async () => {
  await testDatabase.drop();
});

async function cli(argv: string[], config: Config = embedded) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCommandLine(argv, {
    db,
    config,
    out: { info: (line) => stdout.push(line), warn: (line) => stderr.push(line) },
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

function signInAs(sub: string, email: string) {
  return resolveViewer(recordWriteDeps(testDatabase.database), {
    sub,
    email,
    emailVerified: true,
    name: undefined,
    claimedRoles: [],
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    issuedAt: Date.now(),
    issuedAtMs: null,
    authTime: null,
  });
}

describe('create-user', () => {
  it('creates a verified account whose password signs in, linked to a user with the role and a new organization', async () => {
    const result = await cli([
      'create-user',
      '--email',
      'Ada@Example.com',
      '--name',
      'Ada Lovelace',
      '--password',
      'analytical-engine',
      '--role',
      'admin',
      '--organization',
      'Engines Ltd',
    ]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Created the account ada@example.com (e-mail verified)');
    expect(result.stdout).toContain('Created the organization "Engines Ltd"');

    const account = await findAccountByEmail(db, 'ada@example.com');
    expect(account).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: true });
    expect(await verifyPassword('analytical-engine', account?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('analytical-engine!', account?.passwordHash ?? '')).toBe(false);

    // The token of the embedded provider carries sub = account id: that is how the server finds the user.
    const viewer = await signInAs(account?.id ?? '', 'ada@example.com');
    const [organization] = await db.select().from(organizations).where(eq(organizations.name, 'Engines Ltd'));
    expect(viewer).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      roles: ['admin'],
      organizationId: organization?.id,
    });
  });

  it('run again for the same person, adds the role and reuses the organization, keeping the password', async () => {
    const result = await cli([
      'create-user',
      '--email',
      'ada@example.com',
      '--name',
      'Someone Else',
      '--password',
      'a-different-password',
      '--role',
      'customer',
      '--organization',
      'Engines Ltd',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('already exists: its password and name were not changed');
    expect(result.stdout).toContain('Roles of ada@example.com now: admin, customer.');

    const account = await findAccountByEmail(db, 'ada@example.com');
    expect(await verifyPassword('analytical-engine', account?.passwordHash ?? '')).toBe(true);
    expect(account?.name).toBe('Ada Lovelace');
    const [{ value: sameName } = { value: 0 }] = await db
      .select({ value: count() })
      .from(organizations)
      .where(eq(organizations.name, 'Engines Ltd'));
    expect(sameName).toBe(1);
  });

  it('links a person invited by e-mail to the new account, with the records they were given', async () => {
    await cli(['seed-demo']);
    const [invited] = await db
      .insert(users)
      .values({ email: 'grace@example.com', name: 'Grace' })
      .returning({ id: users.id });
    const [type] = await db.select().from(inventoryTypes).where(eq(inventoryTypes.name, 'Life Inventory'));
    await db.insert(lifeRecords).values({ clientId: invited?.id, inventoryTypeId: type?.id ?? '' });

    const result = await cli([
      'create-user',
      '--email',
      'grace@example.com',
      '--name',
      'Grace Hopper',
      '--password',
      'cobol-forever-1959',
      '--role',
      'client',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Linked the invited user grace@example.com to the account.');

    const account = await findAccountByEmail(db, 'grace@example.com');
    const viewer = await signInAs(account?.id ?? '', 'grace@example.com');
    expect(viewer.userId).toBe(invited?.id);
    expect(viewer.roles).toEqual(['client']);
    const owned = await db.select().from(lifeRecords).where(eq(lifeRecords.clientId, viewer.userId));
    expect(owned).toHaveLength(1);
  });

  it('refuses a user already linked to another identity, changing nothing (no account left behind)', async () => {
    await db
      .insert(users)
      .values({ email: 'linked@example.com', name: 'Linked', federatedId: 'external|42' });
    const result = await cli([
      'create-user',
      '--email',
      'linked@example.com',
      '--name',
      'Linked',
      '--password',
      'long-enough-password',
      '--role',
      'admin',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already linked to another sign-in identity');
    expect(await findAccountByEmail(db, 'linked@example.com')).toBeUndefined();
  });

  it('needs a password to create an account, and says so', async () => {
    const result = await cli([
      'create-user',
      '--email',
      'nopass@example.com',
      '--name',
      'N',
      '--role',
      'user',
    ]);
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toBe(
      'No account exists for nopass@example.com yet: give --password to create one.',
    );
    const [row] = await db.select().from(users).where(eq(users.email, 'nopass@example.com'));
    expect(row).toBeUndefined();
  });

  it('with an external provider records the user by e-mail, and the first verified sign-in links it', async () => {
    const result = await cli(
      ['create-user', '--email', 'ext@example.com', '--name', 'Ext Person', '--role', 'customer'],
      external,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'No account was created: accounts live in the external identity provider (https://login.example.com)',
    );
    expect(await findAccountByEmail(db, 'ext@example.com')).toBeUndefined();
    const [row] = await db.select().from(users).where(eq(users.email, 'ext@example.com'));
    expect(row?.federatedId).toBeNull();

    const viewer = await signInAs('auth0|ext-person', 'ext@example.com');
    expect(viewer).toMatchObject({ userId: row?.id, roles: ['customer', 'user'], name: 'Ext Person' });
  });

  it('warns that a password is not used with an external provider', async () => {
    const result = await cli(
      [
        'create-user',
        '--email',
        'ext2@example.com',
        '--name',
        'E',
        '--password',
        'whatever-long',
        '--role',
        'user',
      ],
      external,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('--password is not used');
    const [{ value } = { value: -1 }] = await db
      .select({ value: count() })
      .from(idpAccounts)
      .where(sql`lower(${idpAccounts.email}) = 'ext2@example.com'`);
    expect(value).toBe(0);
  });
});

describe('seed-demo', () => {
  async function counts() {
    const tables = { organizations, inventoryTypes, products, purchases, records: lifeRecords };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await db.select({ value: count() }).from(table);
        return [name, row?.value] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  it('loads the demo catalogue once: a second run creates nothing and says so', async () => {
    await cli(['seed-demo']);
    const before = await counts();
    const second = await cli(['seed-demo']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing new: the demo data was already loaded.');
    expect(second.stdout).not.toMatch(/^Created/m);
    expect(await counts()).toEqual(before);
  });

  it('stores the inventory wizard as the "Life Inventory" form, with products and unassigned credits', async () => {
    const [type] = await db.select().from(inventoryTypes).where(eq(inventoryTypes.name, 'Life Inventory'));
    expect(parseFormTemplate(type?.form)).toEqual({ ok: true, form: lifeInventoryForm });
    const [organization] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Demo Organization'));
    expect(organization).toMatchObject({
      phone: expect.any(String),
      website: expect.stringMatching(/^https:/),
    });

    const lifeProducts = await db
      .select({ name: products.name, credits: products.credits, stripeId: products.stripeId })
      .from(products)
      .where(eq(products.inventoryTypeId, type?.id ?? ''))
      .orderBy(products.credits);
    expect(lifeProducts).toEqual([
      { name: 'Life Inventory — single record', credits: 1, stripeId: null },
      { name: 'Life Inventory — family pack', credits: 5, stripeId: null },
    ]);
    const credits = await db
      .select()
      .from(lifeRecords)
      .where(sql`${lifeRecords.organizationId} = ${organization?.id} and ${lifeRecords.clientId} is null`);
    expect(credits.length).toBeGreaterThanOrEqual(3);
    const [familyStories] = await db
      .select()
      .from(inventoryTypes)
      .where(eq(inventoryTypes.name, 'Family Stories'));
    expect(parseFormTemplate(familyStories?.form)).toMatchObject({ ok: true });
  });

  it('does not top credits up again after they were handed out', async () => {
    const [organization] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Demo Organization'));
    const [invitee] = await db
      .insert(users)
      .values({ email: 'invitee@example.com', name: 'Invitee' })
      .returning({ id: users.id });
    await db
      .update(lifeRecords)
      .set({ clientId: invitee?.id })
      .where(sql`${lifeRecords.organizationId} = ${organization?.id} and ${lifeRecords.clientId} is null`);
    const before = await counts();
    await cli(['seed-demo']);
    expect(await counts()).toEqual(before);
  });
});

describe('create-record', () => {
  it('creates a record of the named type owned by the user, in their organization', async () => {
    const result = await cli([
      'create-record',
      '--client-email',
      'ADA@example.com',
      '--type',
      'Life Inventory',
    ]);
    expect(result.code).toBe(0);
    const id = /Created record ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
    const [record] = await db
      .select()
      .from(lifeRecords)
      .where(eq(lifeRecords.id, id ?? ''));
    const [ada] = await db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(record).toMatchObject({
      clientId: ada?.id,
      organizationId: ada?.organizationId,
      submitted: false,
    });
    expect(result.stdout).toContain('organization "Engines Ltd"');
  });

  it('puts the record in the organization named', async () => {
    const result = await cli([
      'create-record',
      '--client-email',
      'grace@example.com',
      '--type',
      'Family Stories',
      '--organization',
      'Demo Organization',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '"Family Stories" owned by grace@example.com, organization "Demo Organization".',
    );
  });

  it.each([
    [['--client-email', 'nobody@example.com', '--type', 'Life Inventory'], 'No user has the e-mail address'],
    [
      ['--client-email', 'ada@example.com', '--type', 'Nope'],
      'No inventory type is named "Nope". Known types: "Family Stories", "Life Inventory".',
    ],
    [
      ['--client-email', 'ada@example.com', '--type', 'Life Inventory', '--organization', 'Nope'],
      'No organization is named "Nope".',
    ],
  ])('refuses %j clearly', async (args, message) => {
    const before = await db.select({ value: count() }).from(lifeRecords);
    const result = await cli(['create-record', ...args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await db.select({ value: count() }).from(lifeRecords)).toEqual(before);
  });
});
