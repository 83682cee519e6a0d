/**
 * What the payments sandbox's checkout page shows and what its Pay answers
 * (docs/decisions/070-payments-provider.md): the contract of `GET`/`POST
 * /api/sandbox-checkout/:productId`, shared by the server and the page.
 */
export interface SandboxCheckout {
  product: {
    id: string;
    name: string;
    description: string;
    cost: string;
    credits: number;
    inventoryTypeName: string;
  };
  organization: { id: string; name: string };
}

export interface SandboxPayment extends SandboxCheckout {
  outcome: 'granted' | 'already-granted';
  credits: number;
}
