import { formatCost } from '#domain/money.ts';
import { withClientReference } from '#domain/payment-link.ts';
import { buttonClassName } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

export interface ProductCardProduct {
  id: string;
  name: string;
  description: string;
  cost: string;
  credits: number;
  paymentLink?: string | null;
  inventoryType: { name: string };
}

/**
 * customer-app §2 Products card: name, description, "Cost: {cost}", "Inventory Type: {type}", and
 * "Buy Now" opening the payment link in a new tab with the organization as client reference.
 */
export function ProductCard({
  product,
  organizationId,
}: {
  product: ProductCardProduct;
  /** Null for an admin who belongs to no organization: they see the products but cannot buy. */
  organizationId: string | null;
}) {
  const nameId = `product-${product.id}-name`;
  return (
    <Card as="article" className="product-card" aria-labelledby={nameId}>
      <h2 id={nameId} className="product-card__name">
        {product.name}
      </h2>
      <p className="product-card__description">{product.description}</p>
      <dl className="product-card__facts">
        <div>
          <dt>Cost:</dt> <dd className="product-card__cost">{formatCost(product.cost)}</dd>
        </div>
        <div>
          <dt>Inventory Type:</dt> <dd>{product.inventoryType.name}</dd>
        </div>
        <div>
          <dt>Records:</dt> <dd>{product.credits}</dd>
        </div>
      </dl>
      {organizationId === null ? (
        <p className="product-card__unavailable">Buy Now needs an organization to add the records to.</p>
      ) : product.paymentLink ? (
        <a
          className={buttonClassName('accent', 'lg', 'product-card__buy')}
          href={withClientReference(product.paymentLink, organizationId)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={nameId}
        >
          Buy Now<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="product-card__unavailable">Not available for purchase yet.</p>
      )}
    </Card>
  );
}
