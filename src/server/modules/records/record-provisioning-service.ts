import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { inventoryTypes, lifeRecords, organizations, users } from '../../db/schema.ts';
import { findOrganizationByName } from '../users/user-provisioning-service.ts';

export class RecordProvisioningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordProvisioningError';
  }
}

export interface CreatedRecord {
  id: string;
  inventoryTypeName: string;
  organizationName: string | null;
}

/**
 * A record of a type owned by a person, without an invitation (the CLI's `create-record`, used by
 * operators and browser tests). The organization is the one named, else the person's own.
 */
export async function createRecordForClient(
  db: Db,
  input: { clientEmail: string; inventoryTypeName: string; organizationName?: string },
): Promise<CreatedRecord> {
  const [client] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.clientEmail})`);
  if (!client) {
    throw new RecordProvisioningError(
      `No user has the e-mail address ${input.clientEmail}: create it first.`,
    );
  }
  const [type] = await db
    .select({ id: inventoryTypes.id, name: inventoryTypes.name })
    .from(inventoryTypes)
    .where(eq(inventoryTypes.name, input.inventoryTypeName))
    .orderBy(asc(inventoryTypes.createdAt), asc(inventoryTypes.id))
    .limit(1);
  if (!type) {
    const known = await db
      .select({ name: inventoryTypes.name })
      .from(inventoryTypes)
      .orderBy(inventoryTypes.name);
    throw new RecordProvisioningError(
      `No inventory type is named "${input.inventoryTypeName}". ` +
        (known.length > 0
          ? `Known types: ${known.map((row) => `"${row.name}"`).join(', ')}.`
          : 'There is none yet.'),
    );
  }
  let organization: { id: string; name: string } | undefined;
  if (input.organizationName) {
    organization = await findOrganizationByName(db, input.organizationName);
    if (!organization)
      throw new RecordProvisioningError(`No organization is named "${input.organizationName}".`);
  }
  const organizationId = organization?.id ?? client.organizationId;
  const [record] = await db
    .insert(lifeRecords)
    .values({ clientId: client.id, inventoryTypeId: type.id, organizationId })
    .returning({ id: lifeRecords.id });
  if (!record) throw new Error('The record was not created.');
  const organizationName = organization?.name ?? (await organizationNameOf(db, organizationId));
  return { id: record.id, inventoryTypeName: type.name, organizationName };
}

async function organizationNameOf(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.name ?? null;
}
