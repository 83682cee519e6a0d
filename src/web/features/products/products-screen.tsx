import './products.css';
import { Link } from 'react-router';
import { USER_ORGANIZATION_NOT_FOUND } from '#domain/payment-link.ts';
import { Alert, ErrorMessage } from '#web/components/ui/alert.tsx';
import { LoginPrompt } from '#web/components/ui/login-prompt.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useProducts } from './api/products.ts';
import { ProductCard } from './product-card.tsx';

/** customer-app §2 Products: requires authentication (§6); credits are bought for the organization. */
export function ProductsScreen() {
  usePageTitle('Products');
  const auth = useAuth();
  const products = useProducts();

  return (
    <div className="page products">
      <h1>Products</h1>
      {auth.isLoading ? (
        <Spinner label="Loading..." showLabel />
      ) : !auth.isAuthenticated ? (
        <LoginPrompt message="Please log in to see the products." onLogin={() => void auth.login()} />
      ) : products.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : products.isError ? (
        <ErrorMessage message={products.error.message} />
      ) : !products.data.viewer.organization && !auth.isAdmin ? (
        <>
          <ErrorMessage message={USER_ORGANIZATION_NOT_FOUND} />
          <p>
            Records are bought for an organization. If you expected to belong to one,{' '}
            <Link to="/contact">contact us</Link> and we will sort it out.
          </p>
        </>
      ) : products.data.products.length === 0 ? (
        <p>No products are available right now.</p>
      ) : (
        <>
          {products.data.viewer.organization ? null : (
            <Alert tone="info">
              You belong to no organization, so you can see the products but not buy them: records are bought
              for an organization. An admin can add you to one in Admin, Users.
            </Alert>
          )}
          <p className="products__intro">
            Each record you buy lets you invite one person to document their life story. Records are added to
            your organization as soon as the payment is complete.
          </p>
          <div className="products__grid">
            {products.data.products.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                organizationId={products.data.viewer.organization?.id ?? null}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
