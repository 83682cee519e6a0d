/**
 * The web client's route of the sandbox checkout page: `#/sandbox-checkout/{productId}`. On its own
 * so the router (in the first script every screen loads) takes this one name, not payment-link.ts.
 */
export const SANDBOX_CHECKOUT_ROUTE = 'sandbox-checkout';
