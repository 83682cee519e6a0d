import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../src/server/config.ts';
import { type Db, vaultOf } from '../src/server/db/database.ts';
import {
  inventoryTypes,
  lifeRecords,
  organizations,
  roles,
  userRoles,
  users,
} from '../src/server/db/schema.ts';
import { signTestIdToken } from '../src/server/test-support/test-tokens.ts';

/** One simulated person at work on their record. */
export interface BenchEditor {
  userId: string;
  recordId: string;
  token: string;
}

const STEPS = Array.from({ length: 6 }, (_, step) => ({
  stepTitle: `Section ${step + 1}`,
  fields: Array.from({ length: 8 }, (_, field) => ({
    id: `q${step}_${field}`,
    label: `Question ${step + 1}.${field + 1}`,
    type: 'textarea',
    required: field % 2 === 0,
  })),
}));

/**
 * Invited clients of one organization, each with a record of a six-section form (a copy of the
 * steps in the record's data, as the record screen keeps it) and a signed ID token of the
 * embedded provider, valid for two hours.
 */
export async function seedEditors(db: Db, config: Config, count: number): Promise<BenchEditor[]> {
  const [organization] = await db.insert(organizations).values({ name: 'Benchmark Org' }).returning();
  const [type] = await db
    .insert(inventoryTypes)
    .values({
      name: 'Benchmark Inventory',
      description: 'Six sections of eight questions',
      form: { formId: 'bench', formTitle: 'Bench', steps: STEPS },
    })
    .returning();
  const [clientRole] = await db.select().from(roles).where(eq(roles.name, 'client'));
  if (!organization || !type || !clientRole) throw new Error('seeding failed');

  const people = Array.from({ length: count }, (_, i) => ({
    federatedId: randomUUID(),
    email: `editor-${i}@bench.test`,
    name: `Editor ${i}`,
    organizationId: organization.id,
  }));
  const editors: BenchEditor[] = [];
  for (let start = 0; start < people.length; start += 500) {
    const batch = people.slice(start, start + 500);
    const inserted = await db
      .insert(users)
      .values(batch)
      .returning({ id: users.id, federatedId: users.federatedId });
    await db.insert(userRoles).values(inserted.map((user) => ({ userId: user.id, roleId: clientRole.id })));
    const records = await db
      .insert(lifeRecords)
      .values(
        inserted.map((user) => ({
          clientId: user.id,
          organizationId: organization.id,
          inventoryTypeId: type.id,
        })),
      )
      .returning({ id: lifeRecords.id, clientId: lifeRecords.clientId });
    // Issue 30: answers are stored sealed, each record under its own key.
    const vault = vaultOf(db);
    for (const record of records) {
      const data = await vault.seal(record.id, 'answers', JSON.stringify({ steps: STEPS, currentStep: 0 }));
      await db.update(lifeRecords).set({ data }).where(eq(lifeRecords.id, record.id));
    }
    for (const [i, user] of inserted.entries()) {
      const person = batch[i];
      const record = records.find((row) => row.clientId === user.id);
      if (!person || !record || !user.federatedId) throw new Error('seeding failed');
      const token = await signTestIdToken(db, config, {
        sub: user.federatedId,
        email: person.email,
        name: person.name,
        roles: ['client'],
        expiresIn: 2 * 3600,
      });
      editors.push({ userId: user.id, recordId: record.id, token });
    }
  }
  return editors;
}
