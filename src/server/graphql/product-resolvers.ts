import { createProduct, listProducts, updateProduct } from '../modules/products/product-service.ts';
import type { MutationResolvers, ProductResolvers, QueryResolvers } from './generated-types.ts';
import { orThrow } from './graphql-errors.ts';

export const productQueries: Pick<QueryResolvers, 'products'> = {
  products: async (_root, _args, { deps, viewer }) => orThrow(await listProducts(deps, viewer)),
};

export const productMutations: Pick<MutationResolvers, 'createProduct' | 'updateProduct'> = {
  createProduct: async (_root, { input }, { deps, viewer }) =>
    orThrow(await createProduct(deps, viewer, input)),
  updateProduct: async (_root, { id, input }, { deps, viewer }) =>
    orThrow(await updateProduct(deps, viewer, id, input)),
};

export const productResolvers: ProductResolvers = {
  // Stripe, the sandbox or nothing: the deployment decides (src/server/modules/payments).
  paymentLink: (product, _args, { app }) => app.payments.paymentLinkFor(product),
};
