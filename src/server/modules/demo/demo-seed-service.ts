import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { prepared, runStatement, value } from '../../db/prepared-query.ts';
import { inventoryTypes, lifeRecords, products, purchases } from '../../db/schema.ts';
import { findOrCreateOrganization } from '../users/user-provisioning-service.ts';
import { DEMO_INVENTORY_TYPES, DEMO_ORGANIZATION, DEMO_PRODUCTS } from './demo-catalog.ts';

export interface SeedItem {
  kind: 'organization' | 'inventory type' | 'product' | 'unassigned records';
  name: string;
  created: boolean;
  detail?: string;
}

// Any constant: it only has to be the same for every process seeding the same database.
const SEED_LOCK_KEY = 7_406_130_216;
const SEED_PROVIDER = 'seed-demo';
const SEED_LOCK = prepared<never>('demo-seed-lock', sql`select pg_advisory_xact_lock(${value('key')})`);

/**
 * Loads the demo catalogue once: each item is looked up by its name first, and the credits are
 * granted through a purchase row whose unique provider reference makes a second run find them
 * (as a payment is granted once, DESIGN §4) even after the credits were assigned by invitations.
 * Items an admin has since edited are left as they are.
 */
export async function seedDemo(db: Db): Promise<SeedItem[]> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Two seeds at once (two CLIs on PostgreSQL) must not both find nothing and both create.
    await runStatement(tx, SEED_LOCK, { key: SEED_LOCK_KEY });
    const items: SeedItem[] = [];

    const organization = await findOrCreateOrganization(txDb, DEMO_ORGANIZATION.name, DEMO_ORGANIZATION);
    items.push({ kind: 'organization', name: organization.name, created: organization.created });

    const typeIds = new Map<string, string>();
    for (const type of DEMO_INVENTORY_TYPES) {
      const { id, created } = await findOrCreateInventoryType(txDb, type);
      typeIds.set(type.name, id);
      items.push({
        kind: 'inventory type',
        name: type.name,
        created,
        detail: `${type.form.steps.length} sections`,
      });
    }

    for (const product of DEMO_PRODUCTS) {
      const inventoryTypeId = typeIds.get(product.inventoryTypeName);
      if (!inventoryTypeId) throw new Error(`The demo product ${product.name} names an unknown type.`);
      const [existing] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.name, product.name));
      if (!existing) {
        await tx.insert(products).values({
          name: product.name,
          description: product.description,
          cost: product.cost,
          credits: product.credits,
          inventoryTypeId,
        });
      }
      items.push({
        kind: 'product',
        name: product.name,
        created: !existing,
        detail: `${product.credits} ${product.credits === 1 ? 'credit' : 'credits'}, ${product.cost}`,
      });
    }

    for (const type of DEMO_INVENTORY_TYPES) {
      const inventoryTypeId = typeIds.get(type.name) ?? '';
      const [purchase] = await tx
        .insert(purchases)
        .values({
          provider: SEED_PROVIDER,
          providerRef: `${SEED_PROVIDER}:${organization.id}:${inventoryTypeId}`,
          organizationId: organization.id,
          credits: type.demoCredits,
        })
        .onConflictDoNothing()
        .returning({ id: purchases.id });
      if (purchase) {
        await tx.insert(lifeRecords).values(
          Array.from({ length: type.demoCredits }, () => ({
            organizationId: organization.id,
            inventoryTypeId,
            purchaseId: purchase.id,
          })),
        );
      }
      items.push({
        kind: 'unassigned records',
        name: type.name,
        created: purchase !== undefined,
        detail: `${type.demoCredits} for ${organization.name}`,
      });
    }
    return items;
  });
}

async function findOrCreateInventoryType(
  db: Db,
  type: (typeof DEMO_INVENTORY_TYPES)[number],
): Promise<{ id: string; created: boolean }> {
  const [existing] = await db
    .select({ id: inventoryTypes.id })
    .from(inventoryTypes)
    .where(eq(inventoryTypes.name, type.name))
    .orderBy(asc(inventoryTypes.createdAt), asc(inventoryTypes.id))
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const [created] = await db
    .insert(inventoryTypes)
    .values({
      name: type.name,
      description: type.description,
      form: type.form,
      reportQuery: type.reportQuery,
      model: type.model,
    })
    .returning({ id: inventoryTypes.id });
  if (!created) throw new Error(`The inventory type ${type.name} was not created.`);
  return { id: created.id, created: true };
}
