import { firstInputProblem, PRODUCT_REQUIRED, productInputSchema } from '#domain/admin-inputs.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { ProductModel } from './product-model.ts';
import * as products from './product-repository.ts';

const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };
const INVENTORY_TYPE_NOT_FOUND = 'Inventory type not found.';

/** customer-app §7 call 3: any signed-in person (customer-app §6 "Products requires authentication"). */
export async function listProducts(deps: ServiceDeps, actor: Actor | null): Promise<Result<ProductModel[]>> {
  const refused = refusal(decide(actor, 'products.list'));
  return refused ?? ok(await products.listProducts(deps.database));
}

function parseInput(input: unknown): Result<products.ProductValues> {
  // admin-app §5, the same schema the console checks with before sending.
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) return fail('BAD_USER_INPUT', firstInputProblem(parsed.error, PRODUCT_REQUIRED));
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

/** The product a checkout or payment names; the caller (payments) has decided who may ask. */
export function findProduct(database: Database, id: string) {
  return products.findProduct(database, id);
}

/** The product sold at a Stripe price (payments). */
export function findProductByPrice(database: Database, priceId: string) {
  return products.findProductByPrice(database, priceId);
}
