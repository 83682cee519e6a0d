import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryTypes } from '../../db/schema.ts';
import { createTestRecord, TEST_FORM } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestAppWithFixtures } from '../../test-support/set-up-test-app.ts';

// Issue 15 §2: the server hands the record screen the record's form, resolved and checked
// (decision 060), so the browser needs no schema library to show it.

const { test, f } = setUpTestAppWithFixtures();

const READ = 'query Read($id: ID!) { record(id: $id) { id form { template problem } } }';
type Form = { template: { formId: string; steps: { stepTitle: string }[] } | null; problem: string | null };

async function formOf(recordId: string): Promise<Form> {
  const response = await graphql<{ record: { form: Form } }>(
    test.app,
    READ,
    { id: recordId },
    f.users.owner.headers,
  );
  expect(response.errors).toBeUndefined();
  if (!response.data) throw new Error('no record');
  return response.data.record.form;
}

function recordWith(data: Record<string, unknown>, inventoryTypeId = f.inventoryTypeId) {
  return createTestRecord(test.database.db, {
    inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
    data,
  });
}

describe('LifeRecord.form', () => {
  it("is the inventory type's form when the record holds no steps of its own", async () => {
    const form = await formOf(await recordWith({ name: 'Ada' }));
    expect(form).toEqual({ template: { ...TEST_FORM }, problem: null });
  });

  it('is the record’s own steps when they are a valid form, under the type’s id and title', async () => {
    const steps = [{ stepTitle: 'Childhood', fields: [{ id: 'town', label: 'Town', type: 'text' }] }];
    const form = await formOf(await recordWith({ steps }));
    expect(form.template?.formId).toBe(TEST_FORM.formId);
    expect(form.template?.steps.map((step) => step.stepTitle)).toEqual(['Childhood']);
  });

  it("falls back to the type's form when the record's own steps are not valid", async () => {
    const form = await formOf(await recordWith({ steps: [{ stepTitle: 3 }] }));
    expect(form.template?.steps.map((step) => step.stepTitle)).toEqual(['About you']);
  });

  it('says why when neither the record nor its type holds a valid form', async () => {
    const [broken] = await test.database.db
      .insert(inventoryTypes)
      .values({
        name: 'Broken form',
        description: 'd',
        form: { steps: 'none' },
        model: null,
        reportQuery: null,
      })
      .returning({ id: inventoryTypes.id });
    if (!broken) throw new Error('type not created');
    const form = await formOf(await recordWith({}, broken.id));
    expect(form.template).toBeNull();
    expect(form.problem).toEqual(expect.any(String));
    expect(form.problem?.length).toBeGreaterThan(5);
    await test.database.db
      .delete(inventoryTypes)
      .where(eq(inventoryTypes.id, broken.id))
      .catch(() => {});
  });
});
