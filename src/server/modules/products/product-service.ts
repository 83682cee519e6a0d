import { z } from 'zod';
import { type Actor, decide } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import {
  ADMINS_ONLY_MESSAGE,
  denial,
  fail,
  ok,
  type Result,
  refusal,
} from '../authorization/service-result.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { ProductModel } from './product-model.ts';
import * as products from './product-repository.ts';

const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };
const INVENTORY_TYPE_NOT_FOUND = 'Inventory type not found.';

/** customer-app §7 call 3: any signed-in person (customer-app §6 "Products requires authentication"). */
export async function listProducts(deps: ServiceDeps, actor: Actor | null): Promise<Result<ProductModel[]>> {
  const refused = refusal(decide(actor, 'products.list'));
  return refused ?? ok(await products.listProducts(deps.database));
}

// admin-app §5: every field but the paylink is required ("All fields are required."); cost is a
// decimal (a currency-formatted cost is stripped to a number), credits an integer.
const REQUIRED = 'All fields are required.';
const requiredText = z.string(REQUIRED).trim().min(1, REQUIRED).max(5000, 'A field is too long.');
const productInput = z.object({
  name: requiredText,
  description: requiredText,
  cost: z
    .string(REQUIRED)
    .transform((value) => value.replace(/[^0-9.-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, REQUIRED)
        .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Cost must be an amount such as 49 or 49.00.'),
    ),
  credits: z
    .number(REQUIRED)
    .int('Credits must be a whole number.')
    .min(1, 'Credits must be at least 1.')
    .max(10_000),
  inventoryTypeId: requiredText,
  stripeId: requiredText,
  stripePaylink: z
    .string()
    .max(2000)
    .nullish()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value.trim(),
    ),
});

function parseInput(input: unknown): Result<products.ProductValues> {
  const parsed = productInput.safeParse(input);
  if (!parsed.success) return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? REQUIRED);
  if (!isUuid(parsed.data.inventoryTypeId)) return fail('NOT_FOUND', INVENTORY_TYPE_NOT_FOUND);
  return ok(parsed.data);
}

export async function createProduct(deps: ServiceDeps, actor: Actor | null, input: unknown) {
  const refused = refusal(decide(actor, 'product.write'), adminsOnly);
  if (refused) return refused;
  const values = parseInput(input);
  if (!values.ok) return values;
  const created = await products.insertProduct(deps.database, values.value);
  return created ? ok(created) : fail('NOT_FOUND', INVENTORY_TYPE_NOT_FOUND);
}

export async function updateProduct(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  input: unknown,
): Promise<Result<ProductModel>> {
  const refused = refusal(decide(actor, 'product.write'), adminsOnly);
  if (refused) return refused;
  const values = parseInput(input);
  if (!values.ok) return values;
  if (!isUuid(id)) return denial('not-found', { notFound: 'Product not found.' });
  const outcome = await products.updateProduct(deps.database, id, values.value);
  if (outcome === 'no-inventory-type') return fail('NOT_FOUND', INVENTORY_TYPE_NOT_FOUND);
  if (outcome === 'no-product' || outcome === undefined)
    return denial('not-found', { notFound: 'Product not found.' });
  return ok(outcome);
}
