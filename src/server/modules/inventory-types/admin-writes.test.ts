import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 10: what the admin console sends is checked by the server with the same rules and messages
// (src/domain/admin-inputs.ts): unique inventory type names, clone names, product costs.

const test = setUpTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
});

const form = { formId: 'f', formTitle: 'F', steps: [{ stepTitle: 'One', fields: [] }] };
const ask = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
  graphql<T>(test.app, query, variables, admin.headers);

async function createType(name: string) {
  return ask<{ createInventoryType: { id: string; name: string } }>(
    'mutation($i: InventoryTypeInput!) { createInventoryType(input: $i) { id name } }',
    { i: { name, description: 'A type', form } },
  );
}

describe('inventory type names', () => {
  it('are unique whatever their case, on create and on update', async () => {
    const first = await createType('Memory Book');
    expect(first.errors).toBeUndefined();
    const duplicate = await createType('  memory BOOK ');
    expect(duplicate.errors?.[0]?.message).toBe(
      'An inventory type named "memory BOOK" already exists. Choose another name.',
    );
    const other = await createType('Travel Diary');
    const renamed = await ask(
      'mutation($id: ID!, $i: InventoryTypeInput!) { updateInventoryType(id: $id, input: $i) { name } }',
      { id: other.data?.createInventoryType.id, i: { name: 'MEMORY book', description: 'x', form } },
    );
    expect(renamed.errors?.[0]?.message).toMatch(/already exists/);
    // Saving a type under its own name is no conflict.
    const same = await ask(
      'mutation($id: ID!, $i: InventoryTypeInput!) { updateInventoryType(id: $id, input: $i) { name } }',
      { id: other.data?.createInventoryType.id, i: { name: 'travel diary', description: 'x', form } },
    );
    expect(same.errors).toBeUndefined();
  });

  it('a clone is "{name} (2)", then the next free number', async () => {
    const source = await createType('Letters Home');
    const id = source.data?.createInventoryType.id;
    const clone = () =>
      ask<{ cloneInventoryType: { name: string } }>(
        'mutation($id: ID!) { cloneInventoryType(id: $id) { name } }',
        { id },
      );
    expect((await clone()).data?.cloneInventoryType.name).toBe('Letters Home (2)');
    expect((await clone()).data?.cloneInventoryType.name).toBe('Letters Home (3)');
  });
});

describe('products', () => {
  it.each(['1,5', '1e309', '0x10', '-3'])('refuses the cost %j with a clear message', async (cost) => {
    const type = await createType(`Cost check ${cost}`);
    const result = await ask('mutation($i: ProductInput!) { createProduct(input: $i) { id } }', {
      i: {
        name: 'Pack',
        description: 'Two',
        cost,
        credits: 2,
        inventoryTypeId: type.data?.createInventoryType.id,
        stripeId: 'price_x',
      },
    });
    expect(result.errors?.[0]?.message).toBe(
      'Cost must be an amount such as 49 or 1,250.00 (dollars and cents).',
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('stores a currency-formatted cost as its amount', async () => {
    const type = await createType('Cost check ok');
    const result = await ask<{ createProduct: { cost: string; credits: number } }>(
      'mutation($i: ProductInput!) { createProduct(input: $i) { cost credits } }',
      {
        i: {
          name: 'Pack',
          description: 'Two',
          cost: '$1,250.5',
          credits: 2,
          inventoryTypeId: type.data?.createInventoryType.id,
          stripeId: 'price_x',
        },
      },
    );
    expect(result.errors).toBeUndefined();
    expect(Number(result.data?.createProduct.cost)).toBe(1250.5);
  });
});

describe('templates', () => {
  it('are refused with the builder’s message when a field has a problem (decision 095)', async () => {
    const result = await ask('mutation($i: InventoryTypeInput!) { createInventoryType(input: $i) { id } }', {
      i: {
        name: 'Broken form',
        description: 'x',
        form: {
          formId: 'b',
          steps: [
            {
              stepTitle: 'One',
              fields: [
                { id: 'a', label: 'A', type: 'radio', options: [] },
                { id: 'a', label: 'Again', type: 'text' },
              ],
            },
          ],
        },
      },
    });
    expect(result.errors?.[0]?.message).toBe(
      'Section 1 "One" › field "a": A radio field needs at least one option.',
    );
  });
});
