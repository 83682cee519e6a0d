import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Db, vaultOf } from '../db/database.ts';
import { inventoryTypes, lifeRecords, products, reportGenerations } from '../db/schema.ts';
import { createTestOrganization, createTestUser, type TestUser } from './test-users.ts';

export const TEST_FORM = {
  formId: 'life',
  formTitle: 'Life',
  steps: [{ stepTitle: 'About you', fields: [{ id: 'name', label: 'Name', type: 'text', required: true }] }],
};

export async function createTestInventoryType(db: Db, name = 'Life Inventory'): Promise<string> {
  const [row] = await db
    .insert(inventoryTypes)
    .values({
      name,
      description: `${name} description`,
      form: TEST_FORM,
      model: 'gpt-4o',
      reportQuery: 'Write',
    })
    .returning({ id: inventoryTypes.id });
  if (!row) throw new Error('inventory type not created');
  return row.id;
}

export async function createTestRecord(
  db: Db,
  values: {
    inventoryTypeId: string;
    organizationId: string | null;
    clientId: string | null;
    data?: Record<string, unknown>;
    submitted?: boolean;
    report?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(lifeRecords)
    .values({
      inventoryTypeId: values.inventoryTypeId,
      organizationId: values.organizationId,
      clientId: values.clientId,
      submitted: values.submitted ?? false,
    })
    .returning({ id: lifeRecords.id });
  if (!row) throw new Error('record not created');
  // Issue 30: the answers and narrative are stored sealed under the new record's own key.
  const vault = vaultOf(db);
  const data = values.data ?? { steps: TEST_FORM.steps, currentStep: 0 };
  await db
    .update(lifeRecords)
    .set({
      data: await vault.seal(row.id, 'answers', JSON.stringify(data)),
      report: values.report === undefined ? null : await vault.seal(row.id, 'narrative', values.report),
    })
    .where(eq(lifeRecords.id, row.id));
  return row.id;
}

export async function createTestGeneration(db: Db, recordId: string, response: string, date = new Date()) {
  const [row] = await db
    .insert(reportGenerations)
    .values({
      reportId: recordId,
      response: await vaultOf(db).seal(recordId, 'generation', response),
      model: 'gpt-4o',
      dateGenerated: date,
    })
    .returning({ id: reportGenerations.id });
  if (!row) throw new Error('generation not created');
  return row.id;
}

/** The seven actors of DESIGN §6 (anonymous has no user) and what they act on. */
export interface ApiFixtures {
  organizationA: string;
  organizationB: string;
  inventoryTypeId: string;
  productId: string;
  users: {
    noRole: TestUser;
    owner: TestUser;
    otherClient: TestUser;
    customerA: TestUser;
    customerB: TestUser;
    admin: TestUser;
  };
  /** The owner's open record in organization A, with a report and a generation. */
  ownedRecordId: string;
  /** Another client's record in organization A. */
  otherRecordId: string;
  /** An unassigned credit of organization A. */
  creditRecordId: string;
  generationId: string;
}

export async function createApiFixtures(db: Db, config: Config): Promise<ApiFixtures> {
  const organizationA = await createTestOrganization(db, 'Organization A');
  const organizationB = await createTestOrganization(db, 'Organization B');
  const inventoryTypeId = await createTestInventoryType(db);
  const [product] = await db
    .insert(products)
    .values({
      name: 'Five records',
      description: 'Five life records',
      cost: '49.00',
      credits: 5,
      inventoryTypeId,
      stripeId: 'price_test',
      stripePaylink: 'https://pay.example/test',
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product not created');
  const users = {
    noRole: await createTestUser(db, config, { name: 'No Role' }),
    owner: await createTestUser(db, config, {
      roles: ['client'],
      organizationId: organizationA,
      name: 'Owner',
    }),
    otherClient: await createTestUser(db, config, {
      roles: ['client'],
      organizationId: organizationA,
      name: 'Other Client',
    }),
    customerA: await createTestUser(db, config, {
      roles: ['customer'],
      organizationId: organizationA,
      name: 'Customer A',
    }),
    customerB: await createTestUser(db, config, {
      roles: ['customer'],
      organizationId: organizationB,
      name: 'Customer B',
    }),
    admin: await createTestUser(db, config, { roles: ['admin'], name: 'Admin' }),
  };
  const ownedRecordId = await createTestRecord(db, {
    inventoryTypeId,
    organizationId: organizationA,
    clientId: users.owner.id,
    data: { steps: TEST_FORM.steps, currentStep: 0, name: 'Ada' },
    report: 'The separate admin report',
  });
  const otherRecordId = await createTestRecord(db, {
    inventoryTypeId,
    organizationId: organizationA,
    clientId: users.otherClient.id,
  });
  const creditRecordId = await createTestRecord(db, {
    inventoryTypeId,
    organizationId: organizationA,
    clientId: null,
  });
  const generationId = await createTestGeneration(db, ownedRecordId, 'Generated report text');
  return {
    organizationA,
    organizationB,
    inventoryTypeId,
    productId: product.id,
    users,
    ownedRecordId,
    otherRecordId,
    creditRecordId,
    generationId,
  };
}
